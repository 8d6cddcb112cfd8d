import { describe, expect, it } from "vitest";
import { z } from "zod";
import { analyzeProjectWithModel, extractWithModel, guardModelTree } from "./model";
import {
  mapWithLimit,
  StructuredOutputError,
  type StructuredProvider,
  type StructuredRequest,
  strictJsonSchema,
  structuredCall,
} from "./structured";
import { transcriptTurns } from "./turns";
import type { ExtractedItem } from "./types";

/** A provider that answers from a list, recording what it was asked. */
function scripted(answers: Array<string | ((request: StructuredRequest) => string)>) {
  const requests: StructuredRequest[] = [];
  const provider: StructuredProvider = {
    async structured(request) {
      requests.push(request);
      const next = answers.shift();
      if (next === undefined) throw new Error("no answer left");
      return typeof next === "function" ? next(request) : next;
    },
  };
  return { provider, requests };
}

describe("structured output", () => {
  const ZAnswer = z.object({
    items: z.array(z.object({ quote: z.string().min(1), note: z.string().nullable() })),
  });

  it("turns a zod schema into OpenAI's strict subset: every property required, no extras, no length rules", () => {
    const schema = strictJsonSchema(ZAnswer) as any;
    expect(schema.additionalProperties).toBe(false);
    expect(schema.required).toEqual(["items"]);
    expect(schema.properties.items.items).toMatchObject({
      additionalProperties: false,
      required: ["quote", "note"],
    });
    expect(JSON.stringify(schema)).not.toMatch(/minLength|\$schema/);
  });

  it("repairs once: a second request carries the bad answer and what was wrong", async () => {
    const { provider, requests } = scripted([
      '{"items":[{"quote":""}]}',
      '{"items":[{"quote":"hi","note":null}]}',
    ]);
    const answer = await structuredCall(provider, {
      name: "x",
      schema: ZAnswer,
      messages: [{ role: "user", content: "go" }],
    });
    expect(answer).toEqual({ items: [{ quote: "hi", note: null }] });
    expect(requests).toHaveLength(2);
    expect(requests[1]!.messages.at(-2)).toEqual({ role: "assistant", content: '{"items":[{"quote":""}]}' });
    expect(requests[1]!.messages.at(-1)!.content).toContain("items.0.quote");
  });

  it("fails with a clear message after the repair also fails", async () => {
    const { provider } = scripted(["not json", '{"items":"no"}']);
    const call = structuredCall(provider, { name: "interview_extraction", schema: ZAnswer, messages: [] });
    await expect(call).rejects.toBeInstanceOf(StructuredOutputError);
    await expect(
      structuredCall(scripted(["not json", "still not"]).provider, {
        name: "interview_extraction",
        schema: ZAnswer,
        messages: [],
      }),
    ).rejects.toThrow(
      /^The model's interview extraction did not match the expected structure, even after one repair: not JSON/,
    );
  });

  it("runs at most `limit` at a time and keeps the input order", async () => {
    let running = 0;
    let peak = 0;
    const out = await mapWithLimit([5, 1, 4, 2, 3, 0, 6], 4, async (n) => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, n));
      running -= 1;
      return n * 10;
    });
    expect(out).toEqual([50, 10, 40, 20, 30, 0, 60]);
    expect(peak).toBe(4);
  });
});

describe("model path guards", () => {
  const source = { interviewId: 5, stakeholderType: "user" as const, transcript: "" };

  it("takes only the participant's numbered clauses, as the model read them, each with the question it answers", async () => {
    const withQuestion = transcriptTurns(
      "AI: So you want a dashboard?\nParticipant: No. I don't want to unlock the bike with a separate card. I want to unlock it with my phone. Could it show the free docks near me?",
    );
    const empty = {
      needs: [],
      pains: [],
      goals: [],
      metrics: [],
      openQuestions: [],
      constraints: [],
      doesNotWant: [],
      mustNever: [],
    };
    const { provider, requests } = scripted([
      JSON.stringify({ ...empty, needs: [3, 4, 0, 77], doesNotWant: [2] }),
    ]);
    const extraction = await extractWithModel(provider, source, withQuestion);
    expect(requests[0]!.messages[1]!.content).toContain(
      "[2] I don't want to unlock the bike with a separate card.",
    );
    expect(requests[0]!.messages[1]!.content).toContain("Interviewer: So you want a dashboard?");
    // Numbers outside the clauses cite nothing; a need asked as a question is a need.
    expect(extraction.items.map((i) => [i.quote, i.kind, i.polarity, i.turn, i.question])).toEqual([
      [
        "I don't want to unlock the bike with a separate card",
        "need",
        "does_not_want",
        1,
        "So you want a dashboard?",
      ],
      ["I want to unlock it with my phone", "need", "wants", 1, "So you want a dashboard?"],
      ["Could it show the free docks near me", "need", "wants", 1, "So you want a dashboard?"],
    ]);
  });

  it("shows the model's tree as written: its names and words kept, citations resolved, only guessed benefits marked", () => {
    const item = (id: string, quote: string, polarity: ExtractedItem["polarity"]): ExtractedItem => ({
      id,
      kind: "need",
      constraint: null,
      polarity,
      text: quote,
      quote,
      turn: 1,
      interviewId: 5,
      stakeholderType: "user",
      priority: "medium",
      readBack: null,
      correction: null,
    });
    const byId = new Map([
      [1, item("5-1", "I don't want to unlock the bike with a separate card", "does_not_want")],
      [2, item("5-2", "I want to unlock it with my phone", "wants")],
      [3, item("5-3", "so I can leave the card at home", "wants")],
    ]);
    const epics = guardModelTree(
      {
        translations: [],
        epics: [
          {
            name: "access",
            features: [
              {
                name: "phone unlocking",
                criteria: [
                  {
                    text: "Given a rider with the app, when they unlock a bike, then no card is asked for",
                    itemIds: [1, 99],
                  },
                  { text: "Given a rider, then something", itemIds: [99] },
                ],
                stories: [
                  {
                    userType: "rider",
                    action: "unlock a bike with my phone",
                    benefit: "I can leave the card at home",
                    benefitItemId: 3,
                    itemIds: [2],
                  },
                  {
                    userType: "rider",
                    action: "see my past rides",
                    benefit: "I can check what I paid",
                    benefitItemId: null,
                    itemIds: [2],
                  },
                ],
              },
            ],
          },
        ],
      },
      byId,
    );
    expect(epics.map((e) => e.name)).toEqual(["Access"]);
    const feature = epics[0]!.features[0]!;
    expect(feature.name).toBe("Phone unlocking");
    expect(feature.stories.map((s) => [s.action, s.benefit, s.assumption, s.evidence.length])).toEqual([
      ["unlock a bike with my phone", "I can leave the card at home", false, 2],
      ["see my past rides", "I can check what I paid", true, 1],
    ]);
    // A made-up number cites nothing: the gate drops what rests on nothing and reports it.
    expect(feature.acceptanceCriteria.map((c) => c.evidence.length)).toEqual([1, 0]);
  });

  it("reports progress and fails the whole run with a clear error when an interview's answer never fits", async () => {
    const progress: string[] = [];
    const ok = JSON.stringify({
      needs: [3],
      pains: [],
      goals: [],
      metrics: [],
      openQuestions: [],
      constraints: [],
      doesNotWant: [],
      mustNever: [],
    });
    const answer = (request: StructuredRequest) =>
      request.name === "interview_extraction"
        ? ok
        : request.name === "project_synthesis"
          ? '{"translations":[],"themes":[],"conflicts":[]}'
          : '{"translations":[],"epics":[]}';
    const sources = [1, 2, 3].map((interviewId) => ({
      interviewId,
      stakeholderType: "user" as const,
      transcript: "AI: Hi\nParticipant: Hello there. Fine thanks. I want to unlock it with my phone.",
    }));
    const { provider } = scripted(Array.from({ length: 6 }, () => answer));
    const analysis = await analyzeProjectWithModel(sources, {
      provider,
      onProgress: (p) => progress.push(`${p.phase} ${p.done}/${p.total}`),
    });
    expect(progress).toEqual(
      expect.arrayContaining(["extraction 1/3", "extraction 3/3", "synthesis 1/1", "requirements 1/1"]),
    );
    expect(analysis.extractions.map((e) => e.items.length)).toEqual([1, 1, 1]);

    const broken = scripted(["{}", "{}", ok, ok, ok, ok]);
    await expect(
      analyzeProjectWithModel(sources, { provider: broken.provider, concurrency: 1 }),
    ).rejects.toThrow(StructuredOutputError);
  });
});
