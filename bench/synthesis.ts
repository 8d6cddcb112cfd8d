/**
 * Issue 15 figures: project synthesis (extraction per interview, themes, conflicts, summary and
 * requirements) over 20 interviews of 20 minutes each, offline (target ≤ 5 s) and through the model
 * path against a local OpenAI-compatible fake answering at 25 ms per output token with 4 calls in
 * flight (target ≤ 60 s). The fake's answers come from the scripted simulator (no model is reachable).
 *   npx tsx bench/synthesis.ts
 */
import { analyzeProjectWithModel } from "../packages/ai/src/evidence/model";
import { openAiCompatibleProvider } from "../packages/ai/src/evidence/openai";
import { analyzeProject } from "../packages/ai/src/evidence/pipeline";
import { type InterviewSource, STAKEHOLDER_TYPES } from "../packages/ai/src/evidence/types";
import { estimateTokens, FakeStructuredOpenAi } from "../packages/ai/test/fake-structured-openai";
import { simulatedAnswer } from "../packages/ai/test/simulated-model";

const INTERVIEWS = 20;
const MINUTES = 20;
const WORDS_PER_MINUTE = 130;
const TOKEN_DELAY_MS = 25;

function rng(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const OBJECTS = [
  "delivery route",
  "stock count",
  "invoice",
  "shift plan",
  "customer address",
  "parts list",
  "return label",
  "van schedule",
  "damage report",
  "weekly report",
  "price list",
  "order history",
  "safety checklist",
  "driver rota",
  "pickup slot",
];
const VERBS = ["check", "update", "print", "share", "find", "approve", "send", "change"];
const BENEFITS = [
  "the drivers leave on time",
  "customers stop calling the office",
  "nothing gets lost",
  "the team saves an hour a day",
  "mistakes are caught early",
];
const TOOLS = ["a spreadsheet", "the old ERP", "a whiteboard", "email", "paper forms", "WhatsApp"];
const PEOPLE = ["drivers", "dispatchers", "customers", "warehouse staff", "managers"];
/** One participant sentence: mostly how things are today, some needs, pains, refusals, constraints. */
function sentence(r: () => number): string {
  const pick = <T>(list: T[]) => list[Math.floor(r() * list.length)]!;
  const roll = r();
  const o = pick(OBJECTS);
  if (roll < 0.07) return `I need to ${pick(VERBS)} the ${o} from my phone so that ${pick(BENEFITS)}.`;
  if (roll < 0.12) return `It is frustrating when the ${o} is wrong and nobody notices until the afternoon.`;
  if (roll < 0.14) return `I don't want to ${pick(VERBS)} the ${o} twice.`;
  if (roll < 0.15) return `The ${o} must never be visible to other customers.`;
  if (roll < 0.16) return `It has to sync with ${pick(TOOLS)} every few minutes.`;
  if (roll < 0.17) return `We haven't decided who owns the ${o} yet.`;
  if (roll < 0.2) return `Did you see the game last night?`;
  return pick([
    `Usually the ${o} comes from ${pick(TOOLS)}, and someone copies it over in the morning.`,
    `Our ${pick(PEOPLE)} look at the ${o} before lunch and again at the end of the day.`,
    `Last Tuesday the ${o} took most of the morning because two of the vans were late.`,
    `In my team there are a few ${pick(PEOPLE)} who know the ${o} better than anyone.`,
    `We talk about the ${o} in the Monday meeting, mostly to agree who does what.`,
  ]);
}

function interview(id: number): InterviewSource {
  const r = rng(id * 7919);
  const lines: string[] = [];
  let words = 0;
  let turn = 0;
  while (words < MINUTES * WORDS_PER_MINUTE) {
    const question = `Question ${turn + 1}: could you tell me more about how that works for you?`;
    const answer = Array.from({ length: 2 + Math.floor(r() * 4) }, () => sentence(r)).join(" ");
    lines.push(`AI: ${question}`, `Participant: ${answer}`);
    words += (question + answer).split(/\s+/).length;
    turn += 1;
  }
  return {
    interviewId: id,
    name: `Interview ${id}`,
    stakeholderType: STAKEHOLDER_TYPES[id % STAKEHOLDER_TYPES.length]!,
    transcript: lines.join("\n"),
  };
}

const sources = Array.from({ length: INTERVIEWS }, (_, i) => interview(i + 1));
const words = sources.reduce((n, s) => n + (s.transcript ?? "").split(/\s+/).length, 0);
console.log(`${INTERVIEWS} interviews × ${MINUTES} minutes: ${words} words in all`);

// Offline: the whole pipeline, three runs, the median.
const times: number[] = [];
let offline = analyzeProject(sources, { title: "Bench" });
for (let run = 0; run < 3; run += 1) {
  const start = performance.now();
  offline = analyzeProject(sources, { title: "Bench" });
  times.push(performance.now() - start);
}
times.sort((a, b) => a - b);
const count = (a: typeof offline) => ({
  items: a.extractions.reduce((n, e) => n + e.items.length, 0),
  themes: a.synthesis.themes.length,
  conflicts: a.synthesis.conflicts.length,
  stories: a.requirements.epics.flatMap((e) => e.features.flatMap((f) => f.stories)).length,
});
console.log(`offline: ${(times[1]! / 1000).toFixed(2)} s (median of 3; target ≤ 5 s)`, count(offline));

// Model path: the fake paces each answer at 25 ms per output token; 4 calls in flight.
const fake = new FakeStructuredOpenAi({ answer: simulatedAnswer, tokenDelayMs: TOKEN_DELAY_MS });
const baseURL = await fake.start();
try {
  const provider = openAiCompatibleProvider({ baseURL, model: "gpt-bench" });
  const phases: string[] = [];
  const start = performance.now();
  const modelled = await analyzeProjectWithModel(sources, {
    provider,
    concurrency: 4,
    title: "Bench",
    onProgress: (p) => {
      if (p.done === p.total)
        phases.push(`${p.phase} done at ${((performance.now() - start) / 1000).toFixed(1)} s`);
    },
  });
  const seconds = (performance.now() - start) / 1000;
  const outputs = fake.requests.map((body) => estimateTokens(simulatedAnswer(body)));
  const byName = (name: string) =>
    fake.requests.flatMap((b, i) => (b.response_format.json_schema.name === name ? [outputs[i]!] : []));
  const sum = (xs: number[]) => xs.reduce((n, x) => n + x, 0);
  console.log(
    `model path: ${seconds.toFixed(1)} s at ${TOKEN_DELAY_MS} ms/token, 4 in flight (target ≤ 60 s)`,
    count(modelled),
  );
  console.log(`  ${phases.join("; ")}`);
  for (const name of ["interview_extraction", "project_synthesis", "requirements"]) {
    const xs = byName(name);
    console.log(`  ${name}: ${xs.length} calls, ${sum(xs)} output tokens (largest ${Math.max(...xs)})`);
  }
  const largestInput = Math.max(...fake.requests.map((b) => estimateTokens(JSON.stringify(b.messages))));
  console.log(`  largest request: about ${largestInput} tokens; no request holds more than one transcript`);
} finally {
  await fake.stop();
}
