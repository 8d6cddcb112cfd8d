import type { StakeholderType } from "@parley/db/schema";
import { lexnamesOf } from "../text/lexicon";

/**
 * The plan's questions, in the words the offline interviewer asks them: per key feature and role,
 * per constraint, and the role topics that fill the rest of the plan. The planner (plan.ts) chooses
 * which topics an interview gets and in what order; this file says how each is asked.
 */
/**
 * Probes for a key feature, by role: three pairs of wordings taken in turn from one feature to the
 * next, so that no wording is asked more than twice in an interview (issue 27). The feature is named
 * in quotes, as the owner typed it, in a slot that needs no article and no agreement ('What would
 * "Waitlist for cancelled slots" change …?'): a name spliced in bare breaks as often as the owner's
 * wording does ("Where would waitlist for cancelled slots save …?").
 */
export const FEATURE_PROBES: Record<StakeholderType, Array<(f: string) => string[]>> = {
  user: [
    (f) => [`When would "${f}" matter to you, if at all?`, `How do you manage today without "${f}"?`],
    (f) => [`How would "${f}" fit into your week, if at all?`, `What would you need from "${f}" to use it?`],
    (f) => [`What do you do today where "${f}" could help, if anywhere?`, `What would put you off "${f}"?`],
  ],
  business: [
    (f) => [
      `What would "${f}" change for the business, if anything?`,
      `How would you judge whether "${f}" had worked?`,
    ],
    (f) => [`How does the business handle "${f}" today?`, `What would "${f}" be worth to the business?`],
    (f) => [
      `Where would "${f}" save the business time or money, if anywhere?`,
      `What could go wrong with "${f}"?`,
    ],
  ],
  developer: [
    (f) => [
      `What would it take to build "${f}" with the systems you have?`,
      `Which part of "${f}" worries you technically?`,
    ],
    (f) => [`Which of your systems would "${f}" touch?`, `What has made similar work hard before?`],
    (f) => [`What data would "${f}" need?`, `Where could "${f}" break?`],
  ],
  designer: [
    (f) => [
      `Where would "${f}" fit in what people are trying to do?`,
      `What could confuse people about "${f}"?`,
    ],
    (f) => [`Who would use "${f}" first?`, `What would make "${f}" feel effortless?`],
    (f) => [`What do people do today where "${f}" would help?`, `Where could "${f}" get in people's way?`],
  ],
  product_manager: [
    (f) => [
      `How would you rank "${f}" against the rest of the first release?`,
      `What evidence do you have that people need "${f}"?`,
    ],
    (f) => [`What would make "${f}" a success for you?`, `What could we leave out of "${f}" at first?`],
    (f) => [`Who is asking for "${f}"?`, `What risk do you see in "${f}"?`],
  ],
  other: [
    (f) => [`How would "${f}" affect you, if at all?`, `What should the team know about "${f}"?`],
    (f) => [`Where would "${f}" make a difference for you?`, `What worries you about "${f}"?`],
    (f) => [`What do you do today where "${f}" could help?`, `Who besides you would "${f}" affect?`],
  ],
};

/** Words that make a title a phrase with its own grammar ("Waitlist for cancelled slots"). */
const LINKS = /^(?:of|for|with|to|and|or|in|on|by|from|a|an|the)$/i;

/**
 * A feature's title as it can be said bare, offline, in place of its quoted form: a plural ("Low-stock
 * alerts"), an activity ("Staff scheduling") or a mass noun ("Route optimisation") of up to four
 * words, its first word lower-cased when it is an ordinary word ("online booking", but "SMS
 * reminders", "Cliniko integration"); null for a title that would need an article ("Waitlist") or
 * has grammar of its own ("Live map of vans").
 */
export function bareTitle(title: string): string | null {
  const words = title.trim().split(/\s+/);
  if (words.length > 4 || !/^[\p{L}\s-]+$/u.test(title) || words.some((w) => LINKS.test(w))) return null;
  const head = words.at(-1)!.toLowerCase();
  if (!/[^s]s$/.test(head) && !/(?:ing|tion|sion|ment|ance|ence|ity|ness|ison|ship)$/.test(head)) return null;
  const first = words[0]!;
  const ordinary =
    /^[A-Z][a-z]*(?:-[a-z]+)*$/.test(first) && lexnamesOf(first.toLowerCase().split("-")[0]!).length > 0;
  return ordinary ? `${first[0]!.toLowerCase()}${title.trim().slice(1)}` : title.trim();
}

/** The constraints' questions, the second and later ones opened otherwise, so no question is asked twice. */
export const constraintProbes = (c: string, index = 0) => [
  index === 0
    ? `The project has this constraint: "${c}". How does it affect your work?`
    : `Another constraint is "${c}". What would it mean for your work?`,
  `What would happen if "${c}" were not met?`,
];

/**
 * Topics per role beyond the warm-up, each with single questions (the role banks' compound ones,
 * such as "How often …, and how much time …?", would be stacked questions).
 */
export const ROLE_TOPICS: Record<
  StakeholderType,
  Array<[title: string, intent: string, probes: string[]]>
> = {
  user: [
    [
      "How you do it today",
      "the current process and its steps",
      [
        "Walk me through the last time you tried to get this done.",
        "What tools or workarounds do you use right now?",
      ],
    ],
    [
      "Obstacles and their cost",
      "pain points and their cost",
      [
        "What's the most frustrating part of that today?",
        "How much time does this take you in a typical week?",
      ],
    ],
    [
      "What would make you stop",
      "deal-breakers and risks of switching",
      [
        "What would make you stop using a tool like this?",
        "What worries you about changing how you do this today?",
      ],
    ],
    [
      "Products you like",
      "tools they enjoy and why",
      [
        "Is there a product you enjoy using that we could learn from?",
        "If you could change only one thing, what would it be?",
      ],
    ],
  ],
  business: [
    [
      "Measures of success",
      "which numbers should move",
      [
        "How would you know this project had worked for the business?",
        "What would make this project a clear win in six months?",
      ],
    ],
    [
      "Cost of the problem today",
      "what the problem costs",
      ["What does this problem cost today, in time, money or customers?", "What has been tried before?"],
    ],
    [
      "Risks and approvals",
      "risks and who must agree",
      [
        "Which risks concern you most about this project?",
        "Who else needs to approve this for it to succeed?",
      ],
    ],
    [
      "Priorities for day one",
      "what must be true first",
      ["What must be true on day one?", "How does this fit with the company's other priorities?"],
    ],
  ],
  developer: [
    [
      "Current architecture",
      "systems and integrations",
      [
        "What does the current architecture look like for this area?",
        "Which systems or data sources would this need to integrate with?",
      ],
    ],
    [
      "Where things break",
      "failure points, performance and scale",
      ["Where do things break or slow down today?", "What are the performance or scale expectations?"],
    ],
    [
      "Security and data",
      "data ownership, security and privacy",
      ["Who owns the data this would touch?", "What security or privacy requirements apply?"],
    ],
    [
      "Testing and release",
      "how changes are tested and shipped",
      ["How do you test and release changes here?", "What would make this easy to maintain a year from now?"],
    ],
  ],
  designer: [
    [
      "Where people get stuck",
      "confusion in the current experience",
      [
        "Where do users get confused or stuck in the current experience?",
        "What's the one task that must feel effortless?",
      ],
    ],
    [
      "Accessibility and devices",
      "accessibility needs and devices",
      ["What accessibility needs should we design for?", "Which devices and screen sizes matter most?"],
    ],
    [
      "Design system and tone",
      "guidelines and how it should feel",
      [
        "Is there a design system or brand guideline this has to follow?",
        "How should the product sound and feel to people?",
      ],
    ],
    [
      "Research to build on",
      "research and feedback that should shape it",
      ["Which research or user feedback should shape this?", "What design trade-offs do you expect to make?"],
    ],
  ],
  product_manager: [
    [
      "Evidence for the problem",
      "why this matters now and the evidence",
      ["What evidence do you have that this problem matters?", "Why is this the right time to solve it?"],
    ],
    [
      "Scope of the first release",
      "what is in and out",
      ["What's explicitly out of scope for the first release?", "Which assumptions are we least sure about?"],
    ],
    [
      "Measures of success",
      "how the release will be judged",
      ["How will we measure whether this release succeeds?", "What would make you decide to stop or pivot?"],
    ],
    [
      "Dependencies and risks",
      "other teams, assumptions and risks",
      ["What dependencies or other teams could affect the timeline?", "How will this be launched?"],
    ],
  ],
  other: [
    [
      "How you deal with it today",
      "the current way and its troubles",
      ["How do you deal with this today?", "What gets in the way or causes the most trouble?"],
    ],
    [
      "Who else is affected",
      "other people and their stakes",
      ["Who else is affected by this?", "What should we be careful not to break?"],
    ],
    [
      "Rules and constraints",
      "policies and what must not break",
      [
        "Are there rules or policies we need to know about?",
        "Is there anything people often misunderstand about this area?",
      ],
    ],
    [
      "A good outcome",
      "what would make it worth it",
      [
        "What would a good outcome look like for you?",
        "If you had a magic wand, what would you change first?",
      ],
    ],
  ],
};
