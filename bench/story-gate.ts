/**
 * Issue 22, item 3: the quality gate's agreement with people's labels. Reads the UStAI stories
 * (1,260 LLM-written stories labelled against the Quality User Story criteria) and prints, per
 * criterion, accuracy (target ≥ 80%), precision and recall of the flagged class and a confusion
 * table; then the share of stories flagged per criterion in 10 real product backlogs, and the time
 * per 1,000 stories. The data lives outside the repository (../shared/data); without it the bench
 * says so and exits 0.
 *   npx tsx bench/story-gate.ts
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { checkStoryText, checkStoryTexts, QUS_CRITERIA } from "../packages/ai/src/quality";
import { DATA_DIR, readCsv } from "./real/data";

const DATA = path.join(DATA_DIR, "user-stories");
const USTAI = path.join(DATA, "ustai-annotated.csv");
const TARGET = 0.8;

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

function agreement(name: string, people: boolean[], gate: boolean[], note: string) {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let tn = 0;
  people.forEach((flagged, i) => {
    if (flagged && gate[i]) tp += 1;
    else if (!flagged && gate[i]) fp += 1;
    else if (flagged && !gate[i]) fn += 1;
    else tn += 1;
  });
  const accuracy = (tp + tn) / people.length;
  console.log(
    `${name.padEnd(12)} agreement ${pct(accuracy).padStart(6)} (target ≥ ${pct(TARGET)}) ${accuracy >= TARGET ? "ok" : "BELOW"}` +
      `   flagged: precision ${pct(tp / Math.max(1, tp + fp))}, recall ${pct(tp / Math.max(1, tp + fn))}` +
      `   [people flag, gate flags: ${tp} | people flag, gate passes: ${fn} | people pass, gate flags: ${fp} | both pass: ${tn}]`,
  );
  console.log(`${"".padEnd(12)} ${note}`);
}

function ustai() {
  const stories = readCsv(USTAI).map((r) => ({
    text: (r["User story"] ?? "").trim(),
    atomic: (r.atomic ?? "").trim(),
    minimal: (r.minimal ?? "").trim(),
    sound: (r["Conceptually sound"] ?? "").trim(),
  }));
  const started = performance.now();
  const defects = stories.map((s) => checkStoryText(s.text));
  const ms = performance.now() - started;
  const flags = (criterion: string) => defects.map((ds) => ds.some((d) => d.criterion === criterion));
  console.log(`UStAI: ${stories.length} LLM-written stories labelled by people (${USTAI})`);
  agreement(
    "well-formed",
    stories.map((s) => s.sound !== "Conceptually sound"),
    flags("well-formed"),
    'people: "Conceptually sound" column (no_valid_role / no_feature = not well-formed); gate: its well-formed defects',
  );
  agreement(
    "atomic",
    stories.map((s) => s.atomic !== "atomic"),
    flags("atomic"),
    'people: "atomic" column (conjunctions = not atomic)',
  );
  agreement(
    "minimal",
    stories.map((s) => s.minimal !== "minimal"),
    flags("minimal"),
    'people: "minimal" column (brackets / not_minimal / example / punctuation = not minimal)',
  );
  const byCode = new Map<string, number>();
  for (const d of defects.flat())
    byCode.set(`${d.criterion}: ${d.code}`, (byCode.get(`${d.criterion}: ${d.code}`) ?? 0) + 1);
  console.log(
    "gate defects by code:",
    [...byCode]
      .sort((a, b) => b[1] - a[1])
      .map(([code, n]) => `${code} ${n}`)
      .join(", "),
  );
  return { stories: stories.length, ms };
}

function backlogs() {
  const files = readdirSync(DATA).filter((f) => /^g\d+.*\.txt$/.test(f));
  console.log(
    `\nReal backlogs (${files.length} files, one story per line): share of stories flagged per criterion`,
  );
  console.log(
    `${"backlog".padEnd(22)} ${"stories".padStart(7)} ${QUS_CRITERIA.map((c) => c.padStart(12)).join("")}`,
  );
  let total = 0;
  let ms = 0;
  const all = new Map<string, number>();
  for (const file of files) {
    const lines = readFileSync(path.join(DATA, file), "utf8")
      .split(/\r?\n/)
      .map((l) => l.replace(/^\uFEFF/, "").trim())
      .filter(Boolean);
    const started = performance.now();
    const defects = checkStoryTexts(lines);
    ms += performance.now() - started;
    total += lines.length;
    const shares = QUS_CRITERIA.map((c) => {
      const n = defects.filter((ds) => ds.some((d) => d.criterion === c)).length;
      all.set(c, (all.get(c) ?? 0) + n);
      return pct(n / lines.length).padStart(12);
    });
    console.log(
      `${file.replace(/\.txt$/, "").padEnd(22)} ${String(lines.length).padStart(7)} ${shares.join("")}`,
    );
  }
  console.log(
    `${"all".padEnd(22)} ${String(total).padStart(7)} ${QUS_CRITERIA.map((c) => pct((all.get(c) ?? 0) / total).padStart(12)).join("")}`,
  );
  return { stories: total, ms };
}

if (!existsSync(USTAI)) {
  console.log(
    `No data at ${DATA} (the shared data folder is not part of the repository); nothing to measure.`,
  );
  process.exit(0);
}
const a = ustai();
const b = backlogs();
console.log(
  `\nTime: ${((a.ms + b.ms) / ((a.stories + b.stories) / 1000)).toFixed(0)} ms per 1,000 stories (${a.stories + b.stories} stories, one core, model loaded)`,
);
