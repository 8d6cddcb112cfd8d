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
import { FakeStructuredOpenAi, requestKey } from "../test/fake-structured-openai";
import { type Figures, measure, report, total } from "./metrics";
import { PROJECTS } from "./projects";

const recordings: Record<string, string> = JSON.parse(
  readFileSync(new URL("./recordings.json", import.meta.url), "utf8"),
);

function holdToTargets(all: Figures[]) {
  const t = total(all);
  expect(PROJECTS.length).toBeGreaterThanOrEqual(8);
  expect(t.coverage, JSON.stringify(all.map((f) => f.missedKeyPoints))).toBeGreaterThanOrEqual(0.85);
  expect(t.verifiedEvidence).toBe(1);
  expect(t.stories).toBeGreaterThan(20);
  expect(all.flatMap((f) => f.inversions)).toEqual([]);
  expect(t.conflictsFound).toBeGreaterThanOrEqual(0.9);
  expect(all.flatMap((f) => f.unmarkedBenefits)).toEqual([]);
}

describe("evidence evals", () => {
  it("offline: coverage ≥ 85%, evidence verified, no inversions, conflicts found, no unmarked benefits", () => {
    const all = PROJECTS.map((p) =>
      measure(p, analyzeProject(p.interviews, { title: p.name }), turnsByInterview(p.interviews)),
    );
    console.log(report("offline rules", all));
    holdToTargets(all);
  });

  describe("model path through the fake server with recorded answers", () => {
    const fake = new FakeStructuredOpenAi({ answer: (body) => recordings[requestKey(body)] ?? null });
    let provider: ReturnType<typeof openAiStructuredProvider>;
    beforeAll(async () => {
      const baseURL = await fake.start();
      provider = openAiStructuredProvider({
        client: new OpenAI({ apiKey: "test", baseURL, maxRetries: 0 }),
        model: "gpt-eval",
      });
    });
    afterAll(() => fake.stop());

    it("holds the same targets, with the planted model mistakes caught", async () => {
      const all: Figures[] = [];
      const phases = new Set<string>();
      for (const project of PROJECTS) {
        const analysis = await analyzeProjectWithModel(project.interviews, {
          provider,
          title: project.name,
          onProgress: (p) => phases.add(p.phase),
        });
        all.push(measure(project, analysis, turnsByInterview(project.interviews)));
        const quotes = analysis.extractions.flatMap((e) => e.items.map((i) => i.quote));
        expect(quotes.filter((q) => /football/i.test(q))).toEqual([]);
        const names = analysis.requirements.epics.flatMap((e) => e.features.map((f) => f.name));
        expect(names).not.toContain("Smart hub");
      }
      console.log(report("model path, recorded answers", all));
      holdToTargets(all);
      expect([...phases].sort()).toEqual(["extraction", "requirements", "synthesis"]);
    });

    it("asks with a strict json_schema, and no request carries more than one transcript", () => {
      expect(fake.requests.length).toBeGreaterThan(PROJECTS.length * 3);
      for (const body of fake.requests) {
        expect(body.response_format.type).toBe("json_schema");
        expect(body.response_format.json_schema.strict).toBe(true);
        expect(body.response_format.json_schema.schema.additionalProperties).toBe(false);
        const user = body.messages
          .filter((m: { role: string }) => m.role === "user")
          .map((m: { content: string }) => m.content);
        expect(user.join("\n").split("<interview>\n").length - 1).toBeLessThanOrEqual(1);
      }
      // One repair per project: the planted schema failure was retried, not answered with an error.
      expect(
        fake.requests.filter((b) => b.messages.some((m: { role: string }) => m.role === "assistant")),
      ).toHaveLength(PROJECTS.length);
    });
  });
});
