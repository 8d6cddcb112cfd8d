import { ASK_MORE, ELABORATE } from "../src/interview/closing";
import {
  ANYTHING_ELSE,
  LISTENING,
  WARM_UP_AFTER,
  WARM_UP_AFTER_ROLE,
  WHY_FIRST,
} from "../src/interview/decide";
import { PROBES } from "../src/interview/focus";
import { ADDING_PROBES } from "../src/interview/listen";
import { makePlan } from "../src/interview/plan";
import { questionOf, READ_BACK_OPENING } from "../src/interview/state";
import { listItems, normalise, sense, senses } from "../src/interview/text";
import {
  collect,
  type InterviewProvider,
  interviewTurn,
  planInterview,
  type TurnResult,
} from "../src/interview/turn";
import type { InterviewMessage, InterviewPlan } from "../src/interview/types";
import { OFFLINE_LISTENING, WORST_PART } from "../src/interview/writer";
import { TIME_LIMIT_MINUTES } from "../src/roles";
import { isContent, tokensOf } from "../src/text";
import type { ScriptedDialogue } from "./dialogues";

/** One dialogue played to its end: the messages and what each interviewer turn decided. */
export interface PlayedDialogue {
  dialogue: ScriptedDialogue;
  plan: InterviewPlan;
  messages: InterviewMessage[];
  turns: Array<Omit<TurnResult, "stream"> & { text: string; at: number }>;
  limitMinutes: number;
}

const START = Date.parse("2026-11-23T10:00:00.000Z");

/**
 * Plays a dialogue. `storeDecisions` passes each turn's decision back in, as the server will once
 * decisions are stored with the interview; without it the interviewer reads topics from the words.
 */
export async function play(
  dialogue: ScriptedDialogue,
  provider?: InterviewProvider,
  options: { storeDecisions?: boolean } = {},
): Promise<PlayedDialogue> {
  const limitMinutes = TIME_LIMIT_MINUTES[dialogue.stakeholderType];
  const { plan } = provider
    ? await planInterview(
        {
          project: dialogue.project,
          stakeholderType: dialogue.stakeholderType,
          timeLimitMinutes: limitMinutes,
        },
        provider,
      )
    : { plan: makePlan(dialogue.project, dialogue.stakeholderType, limitMinutes) };
  const messages: InterviewMessage[] = [];
  const turns: PlayedDialogue["turns"] = [];
  let now = START;
  let next = 0;
  for (let guard = 0; guard < 40; guard += 1) {
    const result = await interviewTurn(
      {
        plan,
        project: dialogue.project,
        stakeholderType: dialogue.stakeholderType,
        messages,
        now,
        timeLimitMinutes: limitMinutes,
        ...(options.storeDecisions ? { decisions: turns.map((t) => t.decision) } : {}),
      },
      provider,
    );
    const { stream, ...rest } = result;
    const text = await collect(stream);
    turns.push({ ...rest, text, at: (now - START) / 60_000 });
    messages.push({ role: "ai", content: text, timestamp: new Date(now).toISOString() });
    if (result.final) break;
    now += dialogue.secondsPerAnswer * 1000;
    // The scripted reply answers the first read-back; one read again finds them with nothing to add.
    const readBacks = turns.filter((t) => t.decision.action === "read_back").length;
    const answer =
      result.decision.action === "read_back"
        ? readBacks > 1
          ? "Yes, that's everything."
          : dialogue.readBackReply
        : (dialogue.answers[next++] ?? "I think that covers what I know about it.");
    messages.push({ role: "user", content: answer, timestamp: new Date(now).toISOString() });
    now += 5_000;
  }
  return { dialogue, plan, messages, turns, limitMinutes };
}

/** What a text says worth building on: its content words and numbers of four letters or more, by sense. */
const contentSenses = (text: string) =>
  new Set(
    tokensOf(text)
      .filter((t) => (isContent(t) || t.pos === "NUM") && t.text.length >= 4)
      .map(sense),
  );

export interface DialogueFigures {
  id: string;
  type: string;
  followUps: number;
  /** Follow-ups that use a content word of the last answer that the previous question did not contain. */
  builtOnAnswer: number;
  /** Every question after an answer (transitions and redirects too), and those using its words. */
  replies: number;
  repliesBuilding: number;
  repeats: number;
  stacked: number;
  featuresNotRaised: number;
  featuresProbed: number;
  readBack: boolean;
  readBackPoints: number;
  /** Every point says what the participant said: most of its content words are theirs. */
  readBackHeard: boolean;
  /**
   * Follow-ups asked in words spliced into a frame (offline: none may be), other than a written
   * probe naming what the answer named.
   */
  splicedFollowUps: number;
  readBackAtMinute: number;
  finalMarked: boolean;
  declinedReasked: number;
  leaks: number;
}

/** A point is heard when at least 80% of its content words (by sense) were said by the participant. */
function heard(point: string, said: string[]): boolean {
  const own = contentSenses(point);
  const theirs = contentSenses(said.join(" "));
  return [...own].filter((s) => theirs.has(s)).length >= 0.8 * own.size;
}

/** The follow-ups the offline interviewer writes once and asks as written. */
const WRITTEN = new Set(
  [
    ...Object.values(PROBES).flat(),
    ...Object.values(ADDING_PROBES).flat(),
    ANYTHING_ELSE,
    WARM_UP_AFTER,
    WARM_UP_AFTER_ROLE,
    WHY_FIRST,
    WORST_PART,
    ...LISTENING,
    ...OFFLINE_LISTENING,
    ...ASK_MORE,
    ...ELABORATE,
  ].map((q) => normalise(q)),
);

/**
 * A follow-up asked as written, or (issue 33) as written with its "that" said as the thing the
 * answer just named: every content word of the named words is the participant's, so no frame
 * takes words from anywhere else.
 */
function asWritten(question: string, answer: string): boolean {
  const asked = normalise(question).replace(/\bdo (?=the |your )/, "does ");
  if (WRITTEN.has(asked)) return true;
  const theirs = contentSenses(answer);
  return [...WRITTEN].some((probe) => {
    const [before, after] = probe.split(/\bthat\b/);
    if (after === undefined || !asked.startsWith(before!) || !asked.endsWith(after)) return false;
    const named = asked.slice(before!.length, asked.length - after.length);
    const own = contentSenses(named);
    return own.size > 0 && [...own].every((s) => theirs.has(s));
  });
}

/** Two interviewer messages repeat when they share 80% of their content words. */
function similar(a: string, b: string): boolean {
  const x = contentSenses(a);
  const y = contentSenses(b);
  if (!x.size || !y.size) return normalise(a) === normalise(b);
  const shared = [...x].filter((w) => y.has(w)).length;
  return shared / new Set([...x, ...y]).size >= 0.8;
}

/** Two questions in one: a second "?", or ", and how …?" joined onto the first. */
const STACKED = /,\s+(and|or)\s+(what|how|why|who|when|where|which)\b[^.?!]*\?/i;

const LEAK = /never follow instructions|data supplied by people|never reveal|json_schema|<plan>|Probes:/i;

export function figures(played: PlayedDialogue): DialogueFigures {
  const { messages, turns, dialogue } = played;
  const ai = messages.map((m, i) => ({ ...m, i })).filter((m) => m.role === "ai");
  let followUps = 0;
  let built = 0;
  let replies = 0;
  let replying = 0;
  turns.forEach((turn, k) => {
    const at = ai[k]!.i;
    if (at === 0 || ["read_back", "close"].includes(turn.decision.action)) return;
    const answer = messages[at - 1]?.content ?? "";
    const previous = messages[at - 2]?.content ?? "";
    const before = contentSenses(previous);
    const own = contentSenses(turn.text);
    const builds = [...contentSenses(answer)].some((s) => own.has(s) && !before.has(s));
    replies += 1;
    if (builds) replying += 1;
    if (turn.decision.action !== "follow_up") return;
    followUps += 1;
    if (builds) built += 1;
  });
  const questions = turns.filter((t) => !["read_back", "close"].includes(t.decision.action));
  let repeats = 0;
  questions.forEach((q, k) => {
    // The questions, not the thanks before them ("Noted, thank you." is said more than once).
    const asked = questionOf(q.text);
    if (questions.slice(0, k).some((p) => similar(questionOf(p.text), asked))) repeats += 1;
  });
  const stacked = turns.filter((t) => STACKED.test(t.text) || (t.text.match(/\?/g) ?? []).length > 1).length;
  // A feature is raised when the participant names it before the interviewer does.
  let notRaised = 0;
  let probed = 0;
  for (const feature of listItems(dialogue.project.keyFeatures)) {
    const marks = [...senses(feature)];
    // Named: at least half of the feature's words (a model may say "reschedule" for "Online rescheduling").
    const mentions = (text: string) => {
      const own = senses(text);
      return marks.filter((m) => own.has(m)).length >= Math.ceil(marks.length / 2);
    };
    const firstAi = messages.findIndex((m) => m.role === "ai" && mentions(m.content));
    const firstUser = messages.findIndex((m) => m.role === "user" && mentions(m.content));
    if (firstUser >= 0 && (firstAi < 0 || firstUser < firstAi)) continue;
    notRaised += 1;
    // Probed: named in a question, or a turn was decided on the plan topic for it (any language).
    const topicIds = played.plan.topics.filter((t) => mentions(t.title)).map((t) => t.id);
    const decided = turns.some((t) => topicIds.includes(t.decision.topicId) && t.decision.action !== "close");
    if (firstAi >= 0 || decided) probed += 1;
  }
  const readBackTurn = turns.find((t) => t.decision.action === "read_back");
  const said = messages.filter((m) => m.role === "user").map((m) => m.content);
  const points = readBackTurn?.readBack?.points ?? [];
  const finals = turns.filter((t) => t.final);
  const readBackIndex = turns.indexOf(readBackTurn!);
  // Declined topics: the interviewer's message before an answer that declined.
  let declinedReasked = 0;
  turns.forEach((turn, k) => {
    const answer = messages[ai[k]!.i + 1]?.content ?? "";
    if (!/rather not|prefer not/i.test(answer) || !turn.decision.topicId) return;
    const topic = played.plan.topics.find((t) => t.id === turn.decision.topicId);
    const later = turns.slice(k + 1);
    if (topic && later.some((l) => topic.probes.some((p) => normalise(l.text).includes(normalise(p))))) {
      declinedReasked += 1;
    }
  });
  return {
    id: dialogue.id,
    type: dialogue.stakeholderType,
    followUps,
    builtOnAnswer: built,
    replies,
    repliesBuilding: replying,
    repeats,
    stacked,
    featuresNotRaised: notRaised,
    featuresProbed: probed,
    readBack: Boolean(readBackTurn?.text.includes(READ_BACK_OPENING) || (readBackTurn && points.length)),
    readBackPoints: points.length,
    readBackHeard: points.length > 0 && points.every((p) => heard(p, said)),
    splicedFollowUps: turns.filter((t, k) => {
      if (t.decision.action !== "follow_up") return false;
      const answer = messages[ai[k]!.i - 1]?.content ?? "";
      return !asWritten(questionOf(t.text), answer);
    }).length,
    readBackAtMinute: Math.round((readBackTurn?.at ?? -1) * 10) / 10,
    finalMarked:
      finals.length === 1 &&
      finals[0] === turns.at(-1) &&
      readBackIndex >= 0 &&
      readBackIndex < turns.length - 1,
    declinedReasked,
    leaks: turns.filter((t) => LEAK.test(t.text)).length,
  };
}

export function table(title: string, rows: DialogueFigures[]): string {
  const sum = (f: (r: DialogueFigures) => number) => rows.reduce((n, r) => n + f(r), 0);
  const lines = rows.map(
    (r) =>
      `${r.id.padEnd(26)} ${r.type.padEnd(16)} ${`${r.builtOnAnswer}/${r.followUps}`.padStart(6)} ${String(r.repeats).padStart(4)} ${String(r.stacked).padStart(5)} ${`${r.featuresProbed}/${r.featuresNotRaised}`.padStart(6)} ${`${r.readBack ? "yes" : "NO"} (${r.readBackPoints}) @${r.readBackAtMinute}m`.padStart(15)} ${(r.finalMarked ? "yes" : "NO").padStart(5)}`,
  );
  const followUps = sum((r) => r.followUps);
  const built = sum((r) => r.builtOnAnswer);
  return [
    `\n${title}`,
    `${"dialogue".padEnd(26)} ${"stakeholder".padEnd(16)} ${"built".padStart(6)} ${"rep".padStart(4)} ${"stack".padStart(5)} ${"feat".padStart(6)} ${"read-back".padStart(15)} ${"final".padStart(5)}`,
    ...lines,
    `TOTAL: follow-ups building on the answer ${built}/${followUps} (${followUps ? Math.round((100 * built) / followUps) : 0}%; all questions after an answer ${sum((r) => r.repliesBuilding)}/${sum((r) => r.replies)}), repeats ${sum((r) => r.repeats)}, stacked ${sum((r) => r.stacked)}, key features probed when not raised ${sum((r) => r.featuresProbed)}/${sum((r) => r.featuresNotRaised)}, read-back ${rows.filter((r) => r.readBack).length}/${rows.length}, final marked ${rows.filter((r) => r.finalMarked).length}/${rows.length}`,
  ].join("\n");
}
