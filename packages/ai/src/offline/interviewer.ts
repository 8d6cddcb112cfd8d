import type { StakeholderType } from "@parley/db/schema";
import { STAKEHOLDER_LABELS, TIME_LIMIT_MINUTES } from "../roles";
import { hash, words } from "./text";

/**
 * The offline interviewer: a question bank per stakeholder type, follow-ups on vague answers, one
 * short non-leading question at a time, never the same question twice, and a wrap-up near the
 * role's time limit.
 */
export const QUESTION_BANKS: Record<StakeholderType, string[]> = {
  user: [
    "To start, could you tell me a little about your role and how you'd use a product like this?",
    "Walk me through the last time you tried to get this done. What happened, step by step?",
    "What's the most frustrating part of that today?",
    "What tools or workarounds do you use right now?",
    "How often do you run into this, and how much time does it take?",
    "If this worked perfectly for you, what would be different?",
    "What would make you stop using a tool like this?",
    "Is there a product you enjoy using that we could learn from? What do you like about it?",
    "Who else is involved when you do this, and how do you work with them?",
    "Where are you usually, and on what device, when you need this?",
    "What worries you about changing how you do this today?",
    "If you could change only one thing, what would it be?",
  ],
  business: [
    "Could you start by describing your role and what you're responsible for here?",
    "What business problem should this project solve for you?",
    "How do you measure success for this? Which numbers would move?",
    "What does this problem cost today, in time, money or customers?",
    "Who are the most important customers or users, and what do they expect?",
    "What would make this project a clear win in six months?",
    "What constraints should we know about: budget, deadlines, regulations?",
    "Which risks concern you most about this project?",
    "How does this fit with the company's other priorities?",
    "Who else needs to approve or support this for it to succeed?",
    "What has been tried before, and what did you learn from it?",
    "What must be true on day one, and what can wait for later?",
  ],
  developer: [
    "Could you tell me about your role and the systems you work on?",
    "What does the current architecture look like for this area?",
    "Which systems or data sources would this need to integrate with?",
    "What technical constraints should we respect: languages, hosting, security?",
    "Where do things break or slow down today?",
    "How is data stored and who owns it?",
    "What are the performance or scale expectations?",
    "How do you test and release changes here?",
    "What security or privacy requirements apply?",
    "Which parts worry you most in terms of complexity?",
    "What would make this easy to maintain a year from now?",
    "Are there APIs or services you would reuse rather than build?",
  ],
  designer: [
    "Could you describe your role and how you work with the product team?",
    "What do you know about the people who'll use this and their context?",
    "Where do users get confused or stuck in the current experience?",
    "What accessibility needs should we design for?",
    "Is there a design system or brand guideline this has to follow?",
    "Which devices and screen sizes matter most?",
    "What does a great first-time experience look like here?",
    "Which research or user feedback should shape this?",
    "What's the one task that must feel effortless?",
    "How should the product sound and feel to people?",
    "What design trade-offs do you expect to make?",
  ],
  product_manager: [
    "Could you tell me about your role and the product area you own?",
    "What problem are we solving, and for whom?",
    "Why is this the right time to solve it?",
    "What evidence do you have that this problem matters?",
    "How will we measure whether this release succeeds?",
    "What's in scope for the first release, and what's explicitly out?",
    "Who are the competitors or alternatives, and how should we differ?",
    "What dependencies or other teams could affect the timeline?",
    "Which assumptions are we least sure about?",
    "How will this be launched and adopted?",
    "What feedback loops will tell us we got it right?",
    "What would make you decide to stop or pivot?",
  ],
  other: [
    "Could you start by telling me about your role and your connection to this project?",
    "From where you sit, what problem should this project solve?",
    "How do you deal with this today?",
    "What gets in the way or causes the most trouble?",
    "Who else is affected, and how?",
    "What would a good outcome look like for you?",
    "What should we be careful not to break or change?",
    "Are there rules, policies or constraints we need to know about?",
    "What would make this project worth it for you?",
    "Is there anything people often misunderstand about this area?",
    "If you had a magic wand, what would you change first?",
  ],
};

export const FOLLOW_UPS = [
  "Could you give me a concrete example of that?",
  "Can you walk me through the last time that happened?",
  "What makes that difficult today?",
  "How does that affect your day or your team?",
  "What have you tried so far to work around it?",
  "Why does that matter to you?",
];

const ACKNOWLEDGEMENTS = ["Thank you.", "That's helpful.", "Thanks for explaining.", "Got it.", "I see."];

const VAGUE =
  /\b(not sure|don't know|dunno|maybe|it depends|kind of|sort of|stuff|things|whatever|fine|ok|okay|nothing|no idea)\b/i;

export const WRAP_UP =
  "We're close to time. Is there anything important we haven't covered that you'd like the team to know?";
export const CLOSING =
  "Thank you so much, that's everything I needed. You can press 'End Interview' whenever you're ready, and you'll be able to review what was captured.";

export interface InterviewTurn {
  messages: Array<{ role: "ai" | "user"; content: string; timestamp?: string }>;
  stakeholderType: StakeholderType;
  projectTitle?: string | null;
  objective?: string | null;
  notesContext?: string | null;
  imageContext?: string | null;
  /** Minutes since the interview started, when known. */
  elapsedMinutes?: number | null;
}

function isVague(answer: string): boolean {
  return words(answer).length < 6 || VAGUE.test(answer);
}

function elapsed(turn: InterviewTurn): number {
  if (turn.elapsedMinutes !== null && turn.elapsedMinutes !== undefined) return turn.elapsedMinutes;
  const stamps = turn.messages.map((m) => Date.parse(m.timestamp ?? "")).filter((t) => Number.isFinite(t));
  if (stamps.length >= 2) return (Math.max(...stamps) - Math.min(...stamps)) / 60_000;
  // Without timestamps, an exchange is counted as about a minute.
  return turn.messages.filter((m) => m.role === "user").length;
}

/** The next thing the offline interviewer says. */
export function nextInterviewMessage(turn: InterviewTurn): string {
  const bank = QUESTION_BANKS[turn.stakeholderType];
  const asked = turn.messages.filter((m) => m.role === "ai").map((m) => m.content);
  const wasAsked = (question: string) => asked.some((content) => content.includes(question));
  const limit = TIME_LIMIT_MINUTES[turn.stakeholderType];

  if (!turn.messages.some((m) => m.role === "ai")) {
    const about = turn.projectTitle ? ` about ${turn.projectTitle}` : "";
    return [
      `Hello, and thank you for taking the time to talk${about}!`,
      `I'm Parley's interview assistant (running in offline mode), and I'll ask you a few questions as ${/^[AEIOU]/.test(STAKEHOLDER_LABELS[turn.stakeholderType]) ? "an" : "a"} ${STAKEHOLDER_LABELS[turn.stakeholderType]}. This takes about ${limit} minutes; there are no right or wrong answers.`,
      bank[0],
    ].join(" ");
  }

  if (asked.some((content) => content.includes(CLOSING))) {
    return "Thanks again! Press 'End Interview' when you're ready to review and save your answers.";
  }
  if (asked.some((content) => content.includes(WRAP_UP))) return CLOSING;

  const lastAnswer = [...turn.messages].reverse().find((m) => m.role === "user")?.content ?? "";
  const acknowledgement = ACKNOWLEDGEMENTS[hash(lastAnswer) % ACKNOWLEDGEMENTS.length];
  const remaining = bank.filter((q) => !wasAsked(q));
  if (elapsed(turn) >= limit - 1 || remaining.length === 0) return `${acknowledgement} ${WRAP_UP}`;

  const lastAi = asked.at(-1) ?? "";
  const lastWasFollowUp = FOLLOW_UPS.some((f) => lastAi.includes(f));
  if (isVague(lastAnswer) && !lastWasFollowUp) {
    const followUp = FOLLOW_UPS.find((f) => !wasAsked(f));
    if (followUp) return followUp;
  }

  const notes = (turn.notesContext ?? "").trim();
  const notesQuestion = "You wrote something in your notes";
  if (notes && !asked.some((content) => content.includes(notesQuestion))) {
    const first =
      notes
        .split("\n")
        .find((l) => l.trim())
        ?.trim()
        .slice(0, 120) ?? "";
    return `${acknowledgement} ${notesQuestion}: “${first}”. Could you tell me more about that?`;
  }
  const images = (turn.imageContext ?? "").trim();
  const imageQuestion = "Thanks for sharing an image";
  if (images && !asked.some((content) => content.includes(imageQuestion))) {
    return `${imageQuestion}. What should the team notice in it, and why does it matter?`;
  }

  return `${acknowledgement} ${remaining[0]}`;
}
