/**
 * Evidence evals: 8 authored projects through the offline rules and through the model path (a local
 * OpenAI-compatible server replaying recorded answers over real HTTP), printed as figures and held
 * to the targets.
 */
import { readFileSync } from "node:fs";
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyzeProjectWithModel } from "../src/evidence/model";
import { openAiStructuredProvider } from "../src/evidence/openai";
import { analyzeProject, turnsByInterview } from "../src/evidence/pipeline";
import { FakeStructuredOpenAi, relayKey } from "../test/fake-structured-openai";
import { type Figures, measure, report, total } from "./metrics";
import { PROJECTS } from "./projects";

/**
 * A capable model's answers to Parley's own requests for these projects, written through the relay
 * (bench/relay-writing.ts --save-fixtures, keyed as ../shared/tools/model-relay.mjs keys them).
 */
const answers: Record<string, string> = JSON.parse(
  readFileSync(new URL("./model-answers.json", import.meta.url), "utf8"),
);

function holdToTargets(all: Figures[], writtenBy: "rules" | "model") {
  const t = total(all);
  expect(PROJECTS.length).toBeGreaterThanOrEqual(8);
  expect(t.coverage, JSON.stringify(all.map((f) => f.missedKeyPoints))).toBeGreaterThanOrEqual(0.85);
  expect(t.verifiedEvidence).toBe(1);
  expect(t.stories).toBeGreaterThan(20);
  expect(all.flatMap((f) => f.inversions)).toEqual([]);
  expect(t.conflictsFound).toBeGreaterThanOrEqual(0.9);
  // The rules mark every benefit not in the participant's words; a model names the item that
  // states its benefit (in its own words), so only its guesses are marked.
  if (writtenBy === "rules") expect(all.flatMap((f) => f.unmarkedBenefits)).toEqual([]);
}

describe("evidence evals", () => {
  it("offline: coverage ≥ 85%, evidence verified, no inversions, conflicts found, no unmarked benefits", () => {
    const all = PROJECTS.map((p) =>
      measure(p, analyzeProject(p.interviews, { title: p.name }), turnsByInterview(p.interviews)),
    );
    console.log(report("offline rules", all));
    holdToTargets(all, "rules");
  });

  describe("model path: a capable model's answers replayed over real HTTP", () => {
    const misses: string[] = [];
    const fake = new FakeStructuredOpenAi({
      answer: (body) => {
        const answer = answers[relayKey(body)];
        if (answer === undefined) misses.push(body.response_format?.json_schema?.name);
        return answer ?? null;
      },
    });
    let provider: ReturnType<typeof openAiStructuredProvider>;
    beforeAll(async () => {
      const baseURL = await fake.start();
      provider = openAiStructuredProvider({
        client: new OpenAI({ apiKey: "test", baseURL, maxRetries: 0 }),
        model: "gpt-eval",
      });
    });
    afterAll(() => fake.stop());

    it("holds the same targets, and the owner sees the model's stories and names as it wrote them", async () => {
      const all: Figures[] = [];
      const phases = new Set<string>();
      let written = 0;
      let shown = 0;
      for (const project of PROJECTS) {
        const before = fake.requests.length;
        const analysis = await analyzeProjectWithModel(project.interviews, {
          provider,
          title: project.name,
          onProgress: (p) => phases.add(p.phase),
        });
        all.push(measure(project, analysis, turnsByInterview(project.interviews)));
        // What the model wrote reaches the owner: every story's action and every feature's name.
        const tree = analysis.requirements.epics.flatMap((e) => e.features);
        const actions = new Set(tree.flatMap((f) => f.stories.map((s) => s.action)));
        const names = new Set(tree.map((f) => f.name));
        for (const body of fake.requests.slice(before)) {
          if (body.response_format.json_schema.name !== "requirements") continue;
          const answer = JSON.parse(answers[relayKey(body)]!);
          for (const feature of answer.epics.flatMap((e: { features: unknown[] }) => e.features)) {
            written += 1 + feature.stories.length;
            shown += Number(names.has(feature.name));
            shown += feature.stories.filter((s: { action: string }) => actions.has(s.action)).length;
          }
        }
      }
      expect(misses, "requests with no recorded answer: run bench/relay-writing.ts").toEqual([]);
      console.log(report("model path, a capable model's answers", all));
      console.log(`  stories and feature names shown as written: ${shown} of ${written}`);
      holdToTargets(all, "model");
      expect(shown / written).toBeGreaterThanOrEqual(0.95);
      expect([...phases].sort()).toEqual(["extraction", "requirements", "synthesis"]);
    });

    it("asks with a strict json_schema, one transcript at most per request, one requirements call per project", () => {
      expect(fake.requests.length).toBeGreaterThan(PROJECTS.length * 3);
      for (const body of fake.requests) {
        expect(body.response_format.type).toBe("json_schema");
        expect(body.response_format.json_schema.strict).toBe(true);
        expect(body.response_format.json_schema.schema.additionalProperties).toBe(false);
        expect(body.max_tokens).toBeUndefined();
        const user = body.messages
          .filter((m: { role: string }) => m.role === "user")
          .map((m: { content: string }) => m.content);
        expect(user.join("\n").split("<interview>\n").length - 1).toBeLessThanOrEqual(1);
      }
      const requirements = fake.requests.filter((b) => b.response_format.json_schema.name === "requirements");
      expect(requirements).toHaveLength(PROJECTS.length);
      // Every item carries the question it answers.
      for (const body of requirements) expect(body.messages[1].content).toContain("   asked: ");
    });
  });
});
