import { describe, expect, it } from "vitest";
import { byPlaceholder, conceal, detailKey, reveal, StreamRevealer } from "./placeholders";
import { type DetailStore, memoryStore, PrivacyScope } from "./scope";

// Sentences written for these tests.
const EMAIL = "jane.doe@clinic.example";

describe("detailKey", () => {
  it("reads the same detail however it is written", () => {
    expect(detailKey("EMAIL", "Jane.Doe@Clinic.example ")).toBe("jane.doe@clinic.example");
    expect(detailKey("PHONE", "(555) 123-4567")).toBe(detailKey("PHONE", "555 123 4567"));
    expect(detailKey("CARD", "4111-1111-1111-1111")).toBe("4111111111111111");
    expect(detailKey("IBAN", "DE89 3704 0044 0532 0130 00")).toBe("de89370400440532013000");
    expect(detailKey("PERSON", "Dr. Patel's")).toBe("patel");
    expect(detailKey("PERSON", "John  Miller")).toBe("john miller");
  });
});

describe("PrivacyScope", () => {
  it("replaces details with typed, numbered placeholders, the same detail with the same one", async () => {
    const scope = new PrivacyScope();
    const [first, second] = await scope.redactAll([
      `Write to ${EMAIL} or call 555 123 4567 about John Miller.`,
      `Again: (555) 123-4567, and Sarah Jones.`,
    ]);
    expect(first).toBe("Write to [EMAIL 1] or call [PHONE 1] about [PERSON 1].");
    expect(second).toBe("Again: [PHONE 1], and [PERSON 2].");
  });

  it("finds a detail the vault knows wherever it is written again, and a lone surname as its person", async () => {
    const store = memoryStore();
    await new PrivacyScope(store).redact("Our driver John Miller called.");
    const later = new PrivacyScope(store);
    expect(await later.redact("I told john miller twice.")).toBe("I told [PERSON 1] twice.");
    // A title stays outside the placeholder: "Dr. [PERSON 3]" still reads as a doctor.
    expect(await later.redact("Maria and Dr. Patel")).toBe("[PERSON 2] and Dr. [PERSON 3]");
  });

  it("is idempotent: a redacted text has nothing left to redact", async () => {
    const scope = new PrivacyScope();
    const once = await scope.redact(`John Miller, ${EMAIL}, 555 123 4567`);
    expect(await scope.redact(once)).toBe(once);
  });

  it("leaves the participant's own name to them", async () => {
    const scope = new PrivacyScope();
    expect(await scope.redact("Sarah Jones met John Miller.", { ownName: "Sarah Jones" })).toBe(
      "Sarah Jones met [PERSON 1].",
    );
  });

  it("asks the store once per batch for what is new, with the interview that mentioned it", async () => {
    const calls: Array<{ keys: string[]; interviewId: number | null }> = [];
    const inner = memoryStore();
    const store: DetailStore = {
      load: inner.load,
      resolve: (details, interviewId) => {
        calls.push({ keys: details.map((d) => d.key), interviewId });
        return inner.resolve(details, interviewId);
      },
    };
    const scope = new PrivacyScope(store);
    await scope.redactAll([`${EMAIL}`, "John Miller"], { interviewId: 7 });
    await scope.redactAll([`${EMAIL} again`], { interviewId: 7 });
    expect(calls).toEqual([{ keys: [EMAIL, "john miller"], interviewId: 7 }]);
  });

  it("gives back only the details its own texts held", async () => {
    const store = memoryStore();
    await new PrivacyScope(store).redact("Sarah Jones from another interview.");
    const scope = new PrivacyScope(store);
    await scope.redact(`Reach me at ${EMAIL}.`);
    const chunks: string[] = [];
    async function* model() {
      yield "So [EMA";
      yield "IL 1] it is; and [PERSON 1]";
      yield "?";
    }
    for await (const chunk of scope.revealUsed(model())) chunks.push(chunk);
    expect(chunks.join("")).toBe(`So ${EMAIL} it is; and [PERSON 1]?`);
  });
});

describe("reveal and conceal", () => {
  const vault = [
    { kind: "PERSON" as const, number: 1, key: "john miller", value: "John Miller" },
    { kind: "PHONE" as const, number: 1, key: "5551234567", value: "555 123 4567" },
  ];

  it("puts details back into a document, and takes them out of what an owner saves", () => {
    const shown = reveal("Call [PERSON 1] on [PHONE 1]; [PERSON 9] stays.", byPlaceholder(vault));
    expect(shown).toBe("Call John Miller on 555 123 4567; [PERSON 9] stays.");
    expect(conceal(shown, vault)).toBe("Call [PERSON 1] on [PHONE 1]; [PERSON 9] stays.");
    expect(conceal("Johnny Millerson", vault)).toBe("Johnny Millerson");
  });

  it("holds back a placeholder split across chunks", () => {
    const revealer = new StreamRevealer(byPlaceholder(vault));
    expect(revealer.push("Ask [PER")).toBe("Ask ");
    expect(revealer.push("SON 1] now [")).toBe("John Miller now ");
    expect(revealer.flush()).toBe("[");
  });
});
