/**
 * Issue 27: does the interviewer listen to real people? The salon interviews' answers and the
 * driving-school interview's stakeholder turns (../shared/data, read at run time, never copied)
 * replayed one per turn, whatever Parley asks; the figures printed with the issue's targets.
 *   npx tsx bench/interviewer-real.ts [--show] [--no-model]
 * --show prints every participant question with its reply, every late need with its reply, and
 * the frames asked three times or more. The model path replays the same answers through the real
 * SDK against the fake OpenAI server, playing a model that makes each of the issue's mistakes on
 * purpose: it measures the checks after the model (what a participant would see), not a model.
 */

import path from "node:path";
import { figures, type PlayedDialogue } from "../packages/ai/evals/harness";
import { openAiCompatibleInterviewProvider } from "../packages/ai/src/interview/openai";
import type { InterviewMessage } from "../packages/ai/src/interview/types";
import { FakeOpenAi } from "../packages/ai/test/fake-openai";
import { lastAnswerIn } from "../packages/ai/test/recorded-openai";
import { percentile } from "./lib";
import { DRIVING, SALON } from "./real/briefs";
import { DATA_DIR, readCsv, realData } from "./real/data";
import { type ListeningFigures, listening } from "./real/listening";
import { answersOf, nextTurnAfter, type Replay, replay } from "./real/replay";

const show = process.argv.includes("--show");
const data = realData();
if (!data) {
  console.log(
    "../shared/data is not here: nothing to measure (the bench reads the real interviews from it).",
  );
  process.exit(0);
}

const interviews = [
  ...data.salon.map((i) => ({
    id: `salon ${i.id.slice(0, 8)}`,
    project: SALON,
    answers: answersOf(i.messages),
  })),
  { id: "driving-school", project: DRIVING, answers: answersOf(data.drivingSchool.messages) },
];

/** A model making the issue's mistakes: an echo of the answer's last words, one frame, no answers, closing early. */
function carelessModel(body: any): string {
  const system = String(body?.messages?.[0]?.content ?? "");
  const points = system.match(/Points: <participant_data>\n([\s\S]*?)\n<\/participant_data>/)?.[1];
  if (points !== undefined)
    return `Here is what I heard:\n${points}\nDid I get that right, or is anything missing?`;
  if (/Ask nothing\./.test(system))
    return "Thanks again! Press 'End Interview' when you're ready to review and save your answers.";
  const answer = lastAnswerIn(body).replace(/&lt;/g, "<");
  if (!answer) return "Hello! Could you tell me about your role?";
  const fragment = answer
    .split(/\s+/)
    .slice(-4)
    .join(" ")
    .replace(/["?.!,]/g, "");
  return `You mentioned "${fragment}". What does that mean for you day to day?`;
}

async function replayAll(provider?: Parameters<typeof replay>[4]): Promise<Replay[]> {
  const out: Replay[] = [];
  for (const i of interviews) out.push(await replay(i.id, i.project, "business", i.answers, provider));
  return out;
}

/** The first words of an answer, for --show. */
const excerpt = (text: string, max = 90) => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= max ? flat : `${flat.slice(0, max).replace(/\s+\S*$/, "")} …`;
};

const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(0)}%` : "n/a");

function report(label: string, replays: Replay[]) {
  const rows: ListeningFigures[] = replays.map(listening);
  const evals = replays.map((r) =>
    figures({
      dialogue: {
        id: r.id,
        project: r.project,
        stakeholderType: r.stakeholderType,
        answers: [],
        readBackReply: "",
        secondsPerAnswer: r.secondsPerAnswer,
      },
      plan: r.plan,
      messages: r.messages,
      turns: r.turns,
      limitMinutes: r.limitMinutes,
    } as PlayedDialogue),
  );
  const sum = (f: (r: ListeningFigures) => number) => rows.reduce((n, r) => n + f(r), 0);
  const replies = sum((r) => r.replies);
  const mechanical = sum((r) => r.mechanical);
  const asks = rows.flatMap((r) => r.asks);
  const late = rows.flatMap((r) => r.lateNeeds);
  const followUps = evals.reduce((n, e) => n + e.followUps, 0);
  const built = evals.reduce((n, e) => n + e.builtOnAnswer, 0);
  const ms = rows.flatMap((r) => r.turnMs);
  console.log(`\n${label}`);
  console.log(
    `${"interview".padEnd(16)} ${"ans".padStart(4)} ${"echo".padStart(6)} ${"3x".padStart(3)} ${"asked".padStart(6)} ${"late".padStart(6)} ${"rb@".padStart(4)} ${"early".padStart(5)} ${"rep".padStart(4)} ${"built".padStart(6)}`,
  );
  rows.forEach((r, k) => {
    const e = evals[k]!;
    console.log(
      `${r.id.padEnd(16)} ${String(r.answers).padStart(4)} ${`${r.mechanical}/${r.replies}`.padStart(6)} ${String(r.framesThrice).padStart(3)} ${`${r.asks.filter((a) => a.answered).length}/${r.asks.length}`.padStart(6)} ${`${r.lateNeeds.filter((n) => n.acknowledged).length}/${r.lateNeeds.length}`.padStart(6)} ${String(r.answersBeforeReadBack).padStart(4)} ${(r.earlyClose ? "YES" : "no").padStart(5)} ${String(r.repeatedMessages).padStart(4)} ${`${e.builtOnAnswer}/${e.followUps}`.padStart(6)}`,
    );
  });
  const line = (name: string, value: string, target: string) =>
    console.log(`  ${name.padEnd(58)} ${value.padStart(14)}   target ${target}`);
  line(
    "replies opening with a mechanical quote-back",
    `${pct(mechanical, replies)} (${mechanical}/${replies})`,
    "<= 20%",
  );
  line("frames asked 3 or more times in one interview", String(sum((r) => r.framesThrice)), "0");
  line(
    "participant questions answered",
    `${pct(asks.filter((a) => a.answered).length, asks.length)} (${asks.filter((a) => a.answered).length}/${asks.length})`,
    "100%",
  );
  line(
    "answers raising needs after the read-back, acknowledged",
    `${pct(late.filter((n) => n.acknowledged).length, late.length)} (${late.filter((n) => n.acknowledged).length}/${late.length})`,
    "100%",
  );
  line(
    "  ... with every need sentence added to the stored read-back",
    `${pct(late.filter((n) => n.recorded).length, late.length)} (${late.filter((n) => n.recorded).length}/${late.length})`,
    "100%",
  );
  line(
    "  ... said back with a visible flaw (see sayBackFlaws)",
    `${late.filter((n) => n.flaws.length).length}/${late.length}`,
    "0",
  );
  // Offline follow-ups are written once and asked as written (issue 33): they take up the answer
  // with "that", not with its words, so this share is only a target for a model's follow-ups.
  line(
    "follow-ups building on the last answer (evals' measure)",
    `${pct(built, followUps)} (${built}/${followUps})`,
    ">= 60% (model)",
  );
  line(
    "read-backs while needs still came and time remained",
    String(rows.filter((r) => r.earlyClose).length),
    "0",
  );
  line("messages repeated verbatim (closing lines included)", String(sum((r) => r.repeatedMessages)), "0");
  line("questions asking the participant for the solution", String(sum((r) => r.solutionAsks)), "0");
  line("stacked questions", String(sum((r) => r.stacked)), "0");
  line(
    "answers before the read-back (median)",
    String([...rows.map((r) => r.answersBeforeReadBack)].sort((a, b) => a - b)[rows.length >> 1]),
    "-",
  );
  line(
    "turn time p50 / p95",
    `${percentile(ms, 50).toFixed(1)} / ${percentile(ms, 95).toFixed(1)} ms`,
    "p95 <= 150 ms",
  );
  if (show) {
    for (const r of rows) {
      const thrice = [...r.frames].filter(([, n]) => n >= 3);
      if (thrice.length)
        console.log(
          `\n[${r.id}] frames asked 3+ times: ${thrice.map(([f, n]) => `${n}x "${f}"`).join("; ")}`,
        );
      for (const e of r.mechanicalExamples) console.log(`[${r.id}] echo: ${e}`);
      for (const a of r.asks)
        console.log(
          `[${r.id}] ${a.answered ? "answered" : "UNANSWERED"} (${a.kind}): ${a.sentence}\n    -> ${a.reply.replace(/\n/g, " / ")}`,
        );
      for (const n of r.lateNeeds)
        console.log(
          `[${r.id}] late need ${n.acknowledged ? "acknowledged" : "IGNORED"}${n.recorded ? ", recorded" : ""}: ${n.need}\n    -> ${n.reply}${n.flaws.map((f) => `\n    !! ${f}`).join("")}`,
        );
      for (const f of r.followUps)
        console.log(`[${r.id}] follow-up after "${excerpt(f.answer)}"\n    -> ${f.question}`);
    }
  }
}

// ---- The follow-up study's contexts: does Parley probe where the person probed, change topic where they did? ----

async function followUpStudy() {
  const rows = readCsv(path.join(DATA_DIR, "real-interviews/followups-study1.csv"));
  const kinds = ["Answer probing", "Topic change"] as const;
  const matrix = new Map<string, number>();
  let agree = 0;
  let total = 0;
  for (const row of rows) {
    const type = row.Type?.trim() as (typeof kinds)[number];
    if (!kinds.includes(type)) continue;
    const excerpt: InterviewMessage[] = [];
    for (const line of (row["Interview Turns"] ?? "").split(/\n(?=Interviewer:|Interviewee:)/)) {
      const m = /^(Interviewer|Interviewee):\s*([\s\S]*)$/.exec(line.trim());
      if (m?.[2]?.trim())
        excerpt.push({ role: m[1] === "Interviewer" ? "ai" : "user", content: m[2].trim() });
    }
    if (excerpt.at(-1)?.role !== "user") continue;
    const domain = row["Interview Domain"]?.trim() || "this";
    const { result } = await nextTurnAfter(
      { title: `${domain[0]!.toUpperCase()}${domain.slice(1)}` },
      "user",
      excerpt,
    );
    const parley = result.decision.action === "follow_up" ? "Answer probing" : "Topic change";
    matrix.set(`${type} -> ${parley}`, (matrix.get(`${type} -> ${parley}`) ?? 0) + 1);
    total += 1;
    if (parley === type) agree += 1;
  }
  console.log(
    "\nFollow-up study 1 (answer probing vs topic change, the person's type against Parley's next move)",
  );
  for (const [k, n] of [...matrix].sort()) console.log(`  ${k.padEnd(36)} ${n}`);
  console.log(
    `  same type as the person: ${pct(agree, total)} (${agree}/${total})   target: reported (no target set)`,
  );
}

report(
  "Offline interviewer on real answers (salon x9, driving school; 60 s per exchange)",
  await replayAll(),
);
await followUpStudy();

if (!process.argv.includes("--no-model")) {
  const fake = new FakeOpenAi({ reply: carelessModel });
  const url = await fake.start();
  try {
    const provider = openAiCompatibleInterviewProvider({ baseURL: url, model: "bench" });
    report(
      "Model path against the fake: a model that echoes fragments, repeats one frame, answers no question, and closes the same way (what the participant sees after the checks)",
      await replayAll(provider),
    );
  } finally {
    await fake.stop();
  }
}
