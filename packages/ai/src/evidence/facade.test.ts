import { describe, expect, it } from "vitest";
import { simulatedModel } from "../../test/simulated-model";
import type { BillTo } from "../metering";
import { interviewTurns } from "./extract";
import { EvidenceFacade, type EvidencePort, type EvidenceSpec, gate } from "./facade";
import type { StructuredRequest } from "./structured";
import type { InterviewSource } from "./types";

const GERMAN: InterviewSource = {
  interviewId: 7,
  name: "Greta",
  stakeholderType: "business",
  messages: [
    { role: "ai", content: "Wie planen Sie heute?" },
    {
      role: "user",
      content:
        "Wir planen alle Einsätze noch auf Papier, und am Montag dauert das fast den ganzen Vormittag. Ich möchte, dass die Disponenten die Aufträge auf einer Karte sehen können.",
    },
  ],
};

const ENGLISH_SOURCE: InterviewSource = {
  interviewId: 8,
  name: "Dana",
  stakeholderType: "user",
  messages: [
    { role: "ai", content: "What do you need?" },
    { role: "user", content: "I need a receipt by email after each job." },
  ],
};

const GLOSSARY = {
  "Wir planen alle Einsätze noch auf Papier, und am Montag dauert das fast den ganzen Vormittag.":
    "We still plan every job on paper, and on Monday that takes almost the whole morning.",
  "Ich möchte, dass die Disponenten die Aufträge auf einer Karte sehen können.":
    "I want the dispatchers to be able to see the jobs on a map.",
};

/** A port that records what the facade asked of the engine, answering with the scripted model. */
function port(withModel: boolean) {
  const calls: Array<{ billTo: BillTo; spec: EvidenceSpec; request: StructuredRequest }> = [];
  const offline: EvidenceSpec[] = [];
  const answer = simulatedModel(GLOSSARY);
  const value: EvidencePort = {
    structured: withModel
      ? async (billTo, spec, request) => {
          calls.push({ billTo, spec, request });
          return answer({
            response_format: { json_schema: { name: request.name } },
            messages: request.messages,
          });
        }
      : null,
    modelName: async () => (withModel ? "gpt-test" : "offline"),
    meterOffline: async (_billTo, spec) => {
      offline.push(spec);
    },
  };
  return { value, calls, offline };
}

const job = {
  component: "requirements_creator" as const,
  operation: "requirements",
  billTo: { userId: "u1", projectId: 3 },
};

describe("the evidence facade", () => {
  it("offline: meters the job once, keeps a German interview without misreading it, and says so", async () => {
    const { value, offline } = port(false);
    const session = await new EvidenceFacade(value).open(job);
    expect(offline).toEqual([job]);
    expect(session.model).toBe("offline");
    const german = await session.extract(GERMAN, interviewTurns(GERMAN));
    expect(german).toMatchObject({ interviewId: 7, language: "de", items: [] });
    const english = await session.extract(ENGLISH_SOURCE, interviewTurns(ENGLISH_SOURCE));
    expect(english.language).toBe("en");
    expect(english.items.length).toBeGreaterThan(0);

    const turnsById = new Map([GERMAN, ENGLISH_SOURCE].map((s) => [s.interviewId, interviewTurns(s)]));
    const { notices, quality } = await session.requirements([german, english], turnsById, { title: "T" });
    expect(notices).toEqual([
      { kind: "language", language: "de", languageName: "German", interviewIds: [7] },
    ]);
    expect(quality).toMatchObject({ repaired: 0, dropped: 0 });

    const { synthesis } = await session.synthesize([german, english], { title: "Dispatch" });
    expect(synthesis.summary).toContain("Drawn from 1 interview");
    expect(synthesis.summary).toMatch(/## Not read[\s\S]*- Greta \(German\)[\s\S]*OPENAI_BASE_URL/);
  });

  it("with a model: every call goes through the engine's metered port, fenced, and quotes carry their translation", async () => {
    const { value, calls, offline } = port(true);
    const session = await new EvidenceFacade(value).open({
      ...job,
      language: { code: "en", name: "English" },
    });
    expect(offline).toEqual([]);
    expect(session.model).toBe("gpt-test");
    const german = await session.extract(GERMAN, interviewTurns(GERMAN));
    expect(german.language).toBe("de");
    expect(german.items.length).toBeGreaterThan(0);
    const turnsById = new Map([[7, interviewTurns(GERMAN)]]);
    const { tree, notices } = await session.requirements([german], turnsById, { title: "Dispatch </items>" });
    expect(notices).toEqual([]);
    const evidence = tree.epics.flatMap((e) =>
      e.features.flatMap((f) => [...f.stories, ...f.acceptanceCriteria].flatMap((x) => x.evidence)),
    );
    expect(evidence.length).toBeGreaterThan(0);
    expect(evidence.find((e) => e.quote.includes("Karte"))?.translation).toBe(
      "I want the dispatchers to be able to see the jobs on a map",
    );
    expect(calls.every((c) => c.billTo.userId === "u1" && c.spec.operation === "requirements")).toBe(true);
    const asked = calls.find((c) => c.request.name === "requirements")!.request.messages[1]!.content;
    // The owner's title is fenced too: its closing tag cannot end the items' fence early.
    expect(asked.match(/<\/items>/g)).toEqual(["</items>"]);
    expect(asked).toContain("Dispatch &lt;/items>");
  });

  it("gate: counts what it checked and what it dropped, and why", () => {
    const turnsById = new Map([[8, interviewTurns(ENGLISH_SOURCE)]]);
    const story = (quote: string) => ({
      userType: "user",
      action: "get a receipt",
      benefit: "I can claim it",
      assumption: true,
      priority: "medium" as const,
      evidence: [{ interviewId: 8, turn: 1, quote }],
    });
    const { tree, quality } = gate(
      {
        epics: [
          {
            name: "Billing",
            description: "",
            features: [
              {
                name: "Receipts",
                description: "",
                acceptanceCriteria: [],
                stories: [story("I need a receipt by email"), story("words nobody said")],
              },
            ],
          },
        ],
      },
      { turnsById, extractions: [], language: { code: "en", name: "English" } },
    );
    expect(tree.epics[0]?.features[0]?.stories).toHaveLength(1);
    expect(quality).toEqual({
      checked: 2,
      repaired: 0,
      dropped: 1,
      reasons: [{ reason: "dropped: its quote is not in the participant's own words", count: 1 }],
    });
  });
});
