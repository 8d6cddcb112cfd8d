/**
 * Issue 32: what Parley writes, judged by reading, on the dev set: the salon and driving-school
 * interviews of ../shared/data through the real jobs (REST, pg-boss, PostgreSQL) with a capable
 * model answering Parley's own requests through the relay (../shared/tools/model-relay.mjs), our own
 * eval projects (packages/ai/evals) through the model path the same way, and both through the
 * offline rules. Each tree is written as markdown for an independent reader, who labels it by
 * ../shared/JUDGING.md in NAME.labels.json beside it; the figures below count those labels.
 *
 *   npx tsx bench/relay-writing.ts [--relay-dir /tmp/parley-relay] [--out /tmp/parley-writing]
 *                                  [--save-fixtures] [--offline]
 *
 * Requests the relay has no answer for wait in RELAY_DIR/requests: an assistant model answers them
 * (from the requests alone) in RELAY_DIR/answers, and the bench is run again until nothing waits.
 * With --save-fixtures, the answers to our own eval projects are written to
 * packages/ai/evals/model-answers.json (answers about ../shared/data never leave /tmp).
 * With --offline, only the transcripts and the offline trees are written (and their judged figures
 * printed, where labels exist): no relay, no server.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PROJECTS } from "../packages/ai/evals/projects";
import { analyzeProjectWithModel } from "../packages/ai/src/evidence/model";
import { openAiCompatibleProvider } from "../packages/ai/src/evidence/openai";
import { analyzeProject } from "../packages/ai/src/evidence/pipeline";
import type { EvidenceTree, InterviewSource } from "../packages/ai/src/evidence/types";
import { benchDatabase, makePro, register, startServer } from "./lib";
import { type RealInterview, realData } from "./real/data";
import { requirementsThroughJobs } from "./real/jobs";
import { judgedLines, readLabels, tally, treeMarkdown } from "./real/judging";
import { type Exchange, startRelay } from "./real/relay";

const arg = (name: string, fallback: string) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1]! : fallback;
};
const RELAY_DIR = arg("--relay-dir", "/tmp/parley-relay");
const OUT = arg("--out", "/tmp/parley-writing");
for (const dir of ["model", "offline", "transcripts"]) mkdirSync(path.join(OUT, dir), { recursive: true });

const data = realData();
const interviewText = (messages: RealInterview["messages"]) =>
  messages.map((m) => `${m.role === "ai" ? "Interviewer" : "Participant"}: ${m.content}`).join("\n\n");

interface Unit {
  name: string;
  kind: "real" | "ours";
  title: string;
  sources: InterviewSource[];
  messages?: RealInterview["messages"];
  elicited?: string[];
}

const units: Unit[] = [];
if (data) {
  data.salon.forEach((interview, index) => {
    units.push({
      name: `salon-${index + 1}`,
      kind: "real",
      title: `Salon ${index + 1}`,
      messages: interview.messages,
      sources: [
        {
          interviewId: 1,
          name: `Salon ${index + 1}`,
          stakeholderType: "business",
          messages: interview.messages.map((m) => ({ role: m.role, content: m.content })),
        },
      ],
      elicited: Object.entries(interview.labels ?? {})
        .filter(([, l]) => l === "Elicited")
        .map(([id]) => id),
    });
  });
  units.push({
    name: "driving-school",
    kind: "real",
    title: "Driving school",
    messages: data.drivingSchool.messages,
    sources: [
      {
        interviewId: 1,
        name: "Driving school",
        stakeholderType: "business",
        messages: data.drivingSchool.messages.map((m) => ({ role: m.role, content: m.content })),
      },
    ],
  });
} else console.log("../shared/data is not here: only our own eval projects are run.");
for (const project of PROJECTS)
  units.push({
    name: `ours-${project.name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`,
    kind: "ours",
    title: project.name,
    sources: project.interviews,
  });

// Transcripts for the reader, and the offline trees.
for (const unit of units) {
  const transcript =
    unit.messages !== undefined
      ? interviewText(unit.messages)
      : unit.sources
          .map((s) => {
            const said =
              s.transcript ??
              (s.messages ?? [])
                .map((m) => `${m.role === "ai" ? "Interviewer" : "Participant"}: ${m.content}`)
                .join("\n\n");
            return `## ${s.name} (${s.stakeholderType})\n\n${said}`;
          })
          .join("\n\n");
  const elicited =
    unit.elicited && data
      ? `\n\n## The study's requirements labelled Elicited in this interview\n\n${unit.elicited
          .map((id) => `- ${id}: ${data.requirements[id]!.join(" ")}`)
          .join("\n")}`
      : "";
  writeFileSync(
    path.join(OUT, "transcripts", `${unit.name}.md`),
    `# ${unit.title}\n\n${transcript}${elicited}\n`,
  );
  const offline = analyzeProject(unit.sources, { title: unit.title }).requirements;
  writeFileSync(
    path.join(OUT, "offline", `${unit.name}.md`),
    treeMarkdown(`${unit.title}: requirements (offline rules)`, offline),
  );
}

const judgedFigures = (folders: ReadonlyArray<readonly ["model" | "offline", boolean]>) => {
  for (const [folder, offline] of folders) {
    for (const kind of ["real", "ours", "all"] as const) {
      const entries = units
        .filter((u) => kind === "all" || u.kind === kind)
        .map((u) => ({ name: u.name, labels: readLabels(path.join(OUT, folder, `${u.name}.labels.json`)) }));
      const t = tally(entries);
      const title = `${folder === "model" ? "Capable model (relay)" : "Offline rules"}, ${{ real: "real interviews (salon, driving school)", ours: "our own eval projects", all: "the whole dev set" }[kind]}`;
      for (const line of judgedLines(title, t, offline)) console.log(line);
      if (kind !== "all")
        for (const w of t.worst.slice(0, 10)) console.log(`    worst: ${w.tree} ${w.n} ${w.label}: ${w.why}`);
    }
  }
};

if (process.argv.includes("--offline")) {
  console.log(`Offline trees written to ${OUT}/offline, transcripts to ${OUT}/transcripts`);
  judgedFigures([["offline", true]]);
  process.exit(0);
}

// The model path through the relay.
const relay = await startRelay(RELAY_DIR);
const modelTrees = new Map<string, EvidenceTree>();
const failures: string[] = [];
/** The relay's exchanges from here on are about our own eval projects. */
let oursFrom = Number.POSITIVE_INFINITY;
try {
  const real = units.filter((u) => u.kind === "real");
  if (real.length) {
    const database = await benchDatabase("relay");
    const server = await startServer({
      DATABASE_URL: database.url,
      OPENAI_BASE_URL: relay.baseUrl,
      OPENAI_API_KEY: "relay",
    });
    try {
      const owner = await register(server.url, `relay-${process.pid}@bench.test`);
      await makePro(database.url, owner.userId);
      await Promise.all(
        real.map(async (unit) => {
          try {
            const tree = await requirementsThroughJobs(
              server.url,
              { authorization: owner.headers.authorization },
              unit.title,
              unit.messages!,
            );
            modelTrees.set(unit.name, tree);
          } catch (error) {
            failures.push(`${unit.name}: ${(error as Error).message.slice(0, 120)}`);
          }
        }),
      );
    } finally {
      await server.stop();
      await database.drop();
    }
  }
  const provider = openAiCompatibleProvider({ baseURL: relay.baseUrl, model: "gpt-4o", apiKey: "relay" });
  oursFrom = relay.exchanges.length;
  for (const unit of units.filter((u) => u.kind === "ours")) {
    try {
      const analysis = await analyzeProjectWithModel(unit.sources, { provider, title: unit.title });
      modelTrees.set(unit.name, analysis.requirements);
    } catch (error) {
      failures.push(`${unit.name}: ${(error as Error).message.slice(0, 120)}`);
    }
  }
} finally {
  await relay.stop();
}

for (const [name, tree] of modelTrees) {
  const unit = units.find((u) => u.name === name)!;
  writeFileSync(
    path.join(OUT, "model", `${name}.md`),
    treeMarkdown(`${unit.title}: requirements (capable model through the relay, after Parley's gate)`, tree),
  );
}

const waiting = relay.waiting();
console.log(
  `Model path: ${modelTrees.size} of ${units.length} trees written to ${OUT}/model; ${waiting.length} requests wait for an answer in ${RELAY_DIR}/requests${failures.length ? `\n  not finished: ${failures.join("; ")}` : ""}`,
);

// ─── What the model wrote against what the owner is shown ───────────────────────────────────
{
  const lower = (s: string) =>
    s
      .replace(/\s+/g, " ")
      .replace(/[.\s]+$/, "")
      .trim()
      .toLowerCase();
  const titleOf = (e: Exchange) =>
    /^Project: <project>\n?([\s\S]*?)\n?<\/project>/m.exec(
      e.body.messages
        .filter((m: { role: string }) => m.role === "user")
        .map((m: { content: string }) => m.content)
        .join("\n"),
    )?.[1] ?? "";
  let stories = 0;
  let storiesShown = 0;
  let names = 0;
  let namesShown = 0;
  const changed: string[] = [];
  for (const unit of units) {
    const tree = modelTrees.get(unit.name);
    const answers = relay.exchanges.filter(
      (e) => e.name === "requirements" && e.content && titleOf(e).trim() === unit.title,
    );
    if (!tree || !answers.length) continue;
    const shownStories = new Set(
      tree.epics.flatMap((e) => e.features.flatMap((f) => f.stories.map((s) => lower(s.action)))),
    );
    const shownNames = new Set(tree.epics.flatMap((e) => e.features.map((f) => lower(f.name))));
    for (const answer of answers) {
      const written = JSON.parse(answer.content!) as {
        epics: Array<{ features: Array<{ name: string; stories: Array<{ action: string }> }> }>;
      };
      for (const feature of written.epics.flatMap((e) => e.features)) {
        names += 1;
        if (shownNames.has(lower(feature.name))) namesShown += 1;
        else changed.push(`${unit.name}: feature "${feature.name}"`);
        for (const story of feature.stories) {
          stories += 1;
          if (shownStories.has(lower(story.action))) storiesShown += 1;
          else changed.push(`${unit.name}: story "${story.action}"`);
        }
      }
    }
  }
  const pct = (n: number, d: number) => (d ? `${((n / d) * 100).toFixed(0)}%` : "–");
  console.log(
    `A capable model's work as the owner sees it: stories ${storiesShown}/${stories} = ${pct(storiesShown, stories)}, feature names ${namesShown}/${names} = ${pct(namesShown, names)} shown as written (target ≥ 95% each)`,
  );
  for (const line of changed.slice(0, 10)) console.log(`  changed or dropped: ${line}`);
}

// ─── Judged by reading ───────────────────────────────────────────────────────────────────────
judgedFigures([
  ["model", false],
  ["offline", true],
]);

// ─── Fixtures: the answers to our own eval projects, for the test command ────────────────────
if (process.argv.includes("--save-fixtures")) {
  const fixtures: Record<string, string> = {};
  for (const e of relay.exchanges.slice(oursFrom)) if (e.content) fixtures[e.key] = e.content;
  const file = path.resolve(import.meta.dirname, "../packages/ai/evals/model-answers.json");
  writeFileSync(file, `${JSON.stringify(fixtures, null, 1)}\n`);
  console.log(`Saved ${Object.keys(fixtures).length} answers to our own eval projects in ${file}`);
}
