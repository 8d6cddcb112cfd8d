import { describe, expect, it } from "vitest";
import { capitalise, nounPhrases, singular, verbOfActionNoun, withArticle } from "./grammar";
import { pastTense, thirdPersonPresent } from "./inflect";
import { detectLanguage, mayBeEnglish } from "./language";
import { looksMisspelt } from "./lexicon";
import { analyze, contentLemmas, wordsOf } from "./nlp";

describe("text kit", () => {
  it("splits sentences verbatim, keeping titles and lines", () => {
    const text = "We book by phone. Dr. Patel calls back.\nNo more paper, please!";
    expect(analyze(text).map((s) => s.text)).toEqual([
      "We book by phone.",
      "Dr. Patel calls back.",
      "No more paper, please!",
    ]);
    for (const s of analyze(text)) expect(text.slice(s.start, s.start + s.text.length)).toBe(s.text);
  });

  it("tags parts of speech and the scope of a negation", () => {
    const [sentence] = analyze("I don't want the staff to type things twice.");
    const want = sentence!.tokens.find((t) => t.lemma === "want")!;
    expect(want.pos).toBe("VERB");
    expect(want.negated).toBe(true);
    expect(sentence!.tokens.find((t) => t.text === "I")!.negated).toBe(false);
  });

  it("reads a capitalised first word as the common noun it is", () => {
    expect(analyze("Customers should be able to cancel.")[0]!.tokens[0]).toMatchObject({
      pos: "NOUN",
      lemma: "customer",
    });
  });

  it.each([
    ["reminders for clients", ["reminder", "client"]],
    ["The booking system should enable clients to book", ["booking", "system", "enable", "client", "book"]],
  ])("compares by content lemmas: %s", (text, lemmas) => {
    expect(contentLemmas(text)).toEqual(lemmas);
  });

  it("finds words without punctuation", () => {
    expect(wordsOf("Yes, that's it!")).toEqual(["yes", "that", "is", "it"]);
  });

  it.each([
    ["owner", "an owner"],
    ["salon owner", "a salon owner"],
    ["hour", "an hour"],
    ["user", "a user"],
    ["SMS reminder", "an SMS reminder"],
  ])("puts the right article before %s", (noun, phrase) => expect(withArticle(noun)).toBe(phrase));

  it.each([
    ["salon owners", "salon owner"],
    ["clients", "client"],
    ["staff", "staff"],
  ])("makes %s singular", (plural, one) => expect(singular(plural)).toBe(one));

  it.each([
    ["tracking", "track"],
    ["management", "manage"],
    ["scheduling", "schedule"],
    ["system", null],
    ["report", null],
  ])("finds the verb behind the action noun %s", (noun, verb) => expect(verbOfActionNoun(noun)).toBe(verb));

  it("finds noun phrases without their determiners", () => {
    expect(nounPhrases("Key features include a booking system and automated record management.")).toEqual([
      "Key features",
      "booking system",
      "automated record management",
    ]);
    expect(capitalise("booking system")).toBe("Booking system");
  });

  it("detects a language only from enough text", () => {
    expect(detectLanguage("Yes, exactly.")).toMatchObject({ code: "en", reliable: false });
    expect(
      detectLanguage(
        "Wir haben einen kleinen Friseursalon und alles läuft noch auf Papier. Die Termine stehen in einem Buch und wir hätten gerne eine Terminbuchung im Internet.",
      ),
    ).toMatchObject({ code: "de", name: "German", reliable: true });
  });

  it("tells text that may well be English from text that is not", () => {
    const repetitive = [1, 2, 3, 4].map((i) => `Answer number ${i}: we plan routes by hand.`).join("\n");
    expect(detectLanguage(repetitive).code).toBe("de"); // by a hair
    expect(mayBeEnglish(repetitive)).toBe(true);
    expect(mayBeEnglish("Sí.")).toBe(true);
    expect(
      mayBeEnglish(
        "Soy madre de tres hijos y reservo todas las citas por teléfono. Reservamos unas 12 citas al mes entre los tres niños. No quiero recordatorios por la noche.",
      ),
    ).toBe(false);
  });

  it.each([
    ["get", "gets", "got"],
    ["try", "tries", "tried"],
    ["manage", "manages", "managed"],
    ["get by", "gets by", "got by"],
  ])("conjugates %s: %s, %s", (verb, present, past) => {
    expect(thirdPersonPresent(verb)).toBe(present);
    expect(pastTense(verb)).toBe(past);
  });

  it.each([
    ["taht", true],
    ["teh", true],
    ["that", false],
    ["app", false],
    ["waitlist", false],
  ])("tells a slip of the keyboard: %s → %s", (word, slip) => expect(looksMisspelt(word)).toBe(slip));
});
