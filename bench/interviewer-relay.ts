/**
 * Issue 33: the interviewer's model path with a capable model answering Parley's own requests
 * through the relay (../shared/tools/model-relay.mjs). Whole conversations are replayed: the real
 * answers of ../shared/data (salon x9, driving school; one per turn, whatever is asked) and our own
 * eval dialogues. Each turn keeps what the model wrote and what the participant was shown after the
 * checks (interview/check.ts), so a reader can judge both the turns and every change the checks made.
 *
 *   npx tsx bench/interviewer-relay.ts [--relay-dir DIR] [--port 5410] [--out DIR] [--only a,b]
 *                                      [--max-turns 25] [--save-fixtures]
 *
 * A conversation stops at the first request the relay has no answer for (it waits in
 * DIR/requests); an assistant model answers it from the request alone and the run is repeated until
 * nothing waits. With --save-fixtures the answers to our own dialogues are written to
 * packages/ai/evals/interviewer-model-answers.json (answers about ../shared/data stay in /tmp).
 */

import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { DIALOGUES, OWN_DIALOGUES, type ScriptedDialogue } from "../packages/ai/evals/dialogues";
import { openAiCompatibleInterviewProvider } from "../packages/ai/src/interview/openai";
import {
  collect,
  type InterviewProvider,
  interviewTurn,
  planInterview,
} from "../packages/ai/src/interview/turn";
import type { InterviewMessage } from "../packages/ai/src/interview/types";
import { TIME_LIMIT_MINUTES } from "../packages/ai/src/roles";
import { briefText } from "./brief";
import { DRIVING, SALON } from "./real/briefs";
import { realData } from "./real/data";
import { startRelay } from "./real/relay";
import { answersOf } from "./real/replay";

const arg = (name: string, fallback: string) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1]! : fallback;
};
const RELAY_DIR = arg("--relay-dir", "/tmp/parley-interviewer-relay");
const PORT = Number(arg("--port", "5410"));
const OUT = arg("--out", "/tmp/interviewer-relay");
const MAX_TURNS = Number(arg("--max-turns", "25"));
const only = arg("--only", "").split(",").filter(Boolean);
mkdirSync(OUT, { recursive: true });

interface Script {
  id: string;
  ours: boolean;
  dialogue: ScriptedDialogue;
}

const scripts: Script[] = [...OWN_DIALOGUES, ...DIALOGUES].map((d) => ({
  id: d.id,
  ours: true,
  dialogue: d,
}));
const data = realData();
if (data) {
  const real = [
    ...data.salon.map((i) => ({ id: `salon-${i.id.slice(0, 8)}`, project: SALON, messages: i.messages })),
    { id: "driving-school", project: DRIVING, messages: data.drivingSchool.messages },
  ];
  for (const r of real)
    scripts.push({
      id: r.id,
      ours: false,
      dialogue: {
        id: r.id,
        project: r.project,
        stakeholderType: "business",
        answers: answersOf(r.messages),
        readBackReply: "",
        secondsPerAnswer: 60,
      },
    });
}
const chosen = only.length ? scripts.filter((s) => only.includes(s.id)) : scripts;

/** The provider with each turn's raw model text kept; after a call the relay could not answer, every call fails at once. */
function recordingProvider(base: InterviewProvider) {
  const state = { blocked: false, raw: "" };
  const guard = () => {
    if (state.blocked) throw new Error("waiting for the relay");
  };
  const provider: InterviewProvider = {
    async complete(messages, signal) {
      guard();
      return base.complete(messages, signal);
    },
    async structured(messages, format, signal) {
      guard();
      try {
        return await base.structured(messages, format, signal);
      } catch (error) {
        state.blocked = true;
        throw error;
      }
    },
    async *stream(messages, signal) {
      guard();
      try {
        for await (const chunk of base.stream(messages, signal)) {
          state.raw += chunk;
          yield chunk;
        }
      } catch (error) {
        state.blocked = true;
        throw error;
      }
    },
  };
  return { provider, state };
}

interface PlayedTurn {
  raw: string;
  shown: string;
  action: string;
}

const START = Date.parse("2026-11-23T10:00:00.000Z");

/** One conversation as far as the relay's answers go (the same steps as the evals' harness). */
async function play(script: Script, base: InterviewProvider) {
  const { dialogue } = script;
  const { provider, state } = recordingProvider(base);
  const limitMinutes = TIME_LIMIT_MINUTES[dialogue.stakeholderType];
  const { plan, plannedBy } = await planInterview(
    { project: dialogue.project, stakeholderType: dialogue.stakeholderType, timeLimitMinutes: limitMinutes },
    provider,
  );
  const messages: InterviewMessage[] = [];
  const turns: PlayedTurn[] = [];
  let complete = false;
  let now = START;
  let next = 0;
  if (state.blocked) return { script, messages, turns, complete, plannedBy };
  const decisions = [];
  for (let guard = 0; guard < (script.ours ? 40 : MAX_TURNS); guard += 1) {
    state.raw = "";
    let result: Awaited<ReturnType<typeof interviewTurn>>;
    let shown: string;
    try {
      result = await interviewTurn(
        {
          plan,
          project: dialogue.project,
          stakeholderType: dialogue.stakeholderType,
          messages: [...messages],
          now,
          timeLimitMinutes: limitMinutes,
          decisions: [...decisions],
        },
        provider,
      );
      shown = await collect(result.stream);
    } catch {
      break;
    }
    if (state.blocked) break;
    decisions.push(result.decision);
    turns.push({ raw: state.raw, shown, action: result.decision.action });
    messages.push({ role: "ai", content: shown, timestamp: new Date(now).toISOString() });
    // Our own dialogues go on as the evals' harness plays them (so the answers recorded here are the
    // ones the evals ask for); a real interview ends with its answers.
    // (The harness answers a second read-back "Yes, that's everything.")
    const readBacks = turns.filter((t) => t.action === "read_back").length;
    const answer =
      result.decision.action === "read_back" && dialogue.readBackReply
        ? readBacks > 1
          ? "Yes, that's everything."
          : dialogue.readBackReply
        : (dialogue.answers[next++] ??
          (script.ours ? "I think that covers what I know about it." : undefined));
    if (result.final || answer === undefined) {
      complete = true;
      break;
    }
    now += dialogue.secondsPerAnswer * 1000;
    messages.push({ role: "user", content: answer, timestamp: new Date(now).toISOString() });
    now += 5_000;
  }
  if (!script.ours && turns.length >= MAX_TURNS) complete = true;
  return { script, messages, turns, complete, plannedBy };
}

const flat = (s: string) => s.replace(/\s+/g, " ").trim();

function markdown(played: Awaited<ReturnType<typeof play>>): string {
  let i = 0;
  let p = 0;
  const lines = [
    `# ${played.script.id}`,
    "",
    `Interviewer: Parley's model path (a capable model through the relay; the plan by the ${played.plannedBy}), after Parley's checks. ${played.script.ours ? "Our own eval dialogue" : "A real interview's answers replayed one per turn, whatever is asked"}.${played.complete ? "" : " (Not finished: waiting for the model.)"}`,
    "",
    "Project brief the interviewer was given:",
    briefText(played.script.dialogue.project),
    "",
    `Label each interviewer turn (I1 … I${played.turns.length}) GOOD / OK / BAD by JUDGING.md.`,
    "",
  ];
  for (const m of played.messages) {
    const label = m.role === "ai" ? `I${++i} Interviewer` : `P${++p} Participant`;
    lines.push(`**${label}:**`, ...m.content.split("\n").map((l) => `> ${l}`), "");
  }
  return lines.join("\n");
}

const relay = await startRelay(RELAY_DIR, PORT);
const base = openAiCompatibleInterviewProvider({ baseURL: relay.baseUrl, model: "gpt-4o" });
const results = [];
try {
  results.push(...(await Promise.all(chosen.map((s) => play(s, base)))));
} finally {
  await relay.stop();
}

let turns = 0;
let changed = 0;
const changes: string[] = [];
for (const played of results) {
  writeFileSync(path.join(OUT, `${played.script.id}.md`), markdown(played));
  played.turns.forEach((t, index) => {
    turns += 1;
    if (flat(t.raw) === flat(t.shown)) return;
    changed += 1;
    changes.push(
      `## ${played.script.id} I${index + 1} (${t.action})\n\nThe model wrote:\n> ${flat(t.raw)}\n\nThe participant was shown:\n> ${flat(t.shown)}\n`,
    );
  });
}
writeFileSync(
  path.join(OUT, "changes.md"),
  `# Messages the checks changed\n\nFor each: would a careful reader make this change? Label AGREE / DISAGREE.\n\n${changes.join("\n")}`,
);
const waiting = relay.waiting();
const unfinished = results.filter((r) => !r.complete).map((r) => r.script.id);
console.log(
  `${results.length} conversations, ${turns} interviewer turns through the model path; ${unfinished.length} not finished (${unfinished.join(", ") || "none"}); waiting: ${waiting.length} requests in ${RELAY_DIR}/requests${waiting.length ? `: ${waiting.join(" ")}` : ""}`,
);
console.log(
  `The checks changed ${changed} of ${turns} model messages (${turns ? ((changed / turns) * 100).toFixed(1) : "–"}%; target ≤ 5%), listed in ${OUT}/changes.md`,
);

if (process.argv.includes("--save-fixtures")) {
  const file = path.resolve(import.meta.dirname, "../packages/ai/evals/interviewer-model-answers.json");
  let fixtures: Record<string, string> = {};
  try {
    fixtures = JSON.parse(readFileSync(file, "utf8"));
  } catch {}
  const ours = new Set(results.filter((r) => r.script.ours).map((r) => r.script.id));
  const oursText = [...OWN_DIALOGUES, ...DIALOGUES].filter((d) => ours.has(d.id));
  for (const e of relay.exchanges) {
    if (e.content === null) continue;
    const text = JSON.stringify(e.body.messages);
    if (oursText.some((d) => text.includes(JSON.stringify(d.project.title).slice(1, -1))))
      fixtures[e.key] = e.content;
  }
  writeFileSync(file, `${JSON.stringify(fixtures, null, 1)}\n`);
  console.log(`Saved ${Object.keys(fixtures).length} answers to our own dialogues in ${file}`);
}
