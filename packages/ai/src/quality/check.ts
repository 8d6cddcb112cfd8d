/** The gate's checks: stories, acceptance criteria, feature and epic names. */
import type { Criterion, Story } from "../evidence/types";
import { analyze, contentLemmas, type Token, tokensOf } from "../text";
import { canBeNoun } from "../text/lexicon";
import { endsDefects, minimalDefects } from "./grammar-checks";
import { meansDefects } from "./means-checks";
import { parseStoryText, type StoryParts, storyParts, textOf } from "./parse";
import { readRole } from "./role-reading";
import { splitCoordinatedAction } from "./split";
import { type Defect, defect } from "./types";
import { REPORTING_VERBS } from "./vocabulary";

type StoryShape = Pick<Story, "userType" | "action" | "benefit">;

export interface StoryContext {
  /** The stories already accepted in the same tree: a story with the same role and means is not unique. */
  others?: StoryShape[];
}

/** What two stories are compared by: the role's and the means' content lemmas. */
export function uniqueKey(story: StoryShape): string {
  const role = contentLemmas(story.userType).join(" ");
  const means = [...new Set(contentLemmas(story.action))].sort().join(" ");
  return `${role}|${means}`;
}

function partsDefects(parts: StoryParts): Defect[] {
  const role = readRole(parts);
  const defects = [
    ...role.defects,
    ...meansDefects(parts, role),
    ...endsDefects(parts),
    ...minimalDefects(parts),
  ];
  const means = textOf(parts, parts.means);
  if (parts.to && means && splitCoordinatedAction(means).length > 1)
    defects.push(defect("atomic", "two-actions", `"${means}" joins more than one need`));
  return defects;
}

const TEMPLATE_WORDS: Array<[keyof StoryShape, RegExp, string]> = [
  ["userType", /^\s*as\s+(?:an?|the)\b/i, 'the role repeats "As a"'],
  ["action", /^\s*(?:i\s+(?:want|need|would like)\s+)?to\s/i, 'the means repeats "I want to"'],
  ["benefit", /^\s*so\s+that\b/i, 'the ends repeats "so that"'],
];

/** The defects of one of Parley's stories, read in the sentence it renders to. */
export function checkStory(story: StoryShape, context: StoryContext = {}): Defect[] {
  const defects: Defect[] = [];
  for (const [field, pattern, detail] of TEMPLATE_WORDS)
    if (pattern.test(story[field])) defects.push(defect("uniform", "template-repeated", detail));
  if (!story.userType.trim()) defects.push(defect("well-formed", "no-role", "no role"));
  if (!story.action.trim()) defects.push(defect("well-formed", "no-means", "no means"));
  if (defects.some((d) => d.criterion === "well-formed")) return defects;
  defects.push(...partsDefects(storyParts(story)));
  const key = uniqueKey(story);
  if (context.others?.some((other) => uniqueKey(other) === key))
    defects.push(defect("unique", "duplicate", "another story has the same role and means"));
  return defects;
}

/** The defects of a written story ("As a …, I want to …, so that …"). */
export function checkStoryText(text: string): Defect[] {
  const parts = parseStoryText(text);
  if (!parts) return [defect("well-formed", "no-frame", 'no "As a …, I want …" frame')];
  return partsDefects(parts);
}

/** A set of written stories: each one's defects, plus uniform (the set's template) and unique. */
export function checkStoryTexts(texts: string[]): Defect[][] {
  const parsed = texts.map(parseStoryText);
  const template = (p: StoryParts | null) => (p ? `${p.desire}${p.to ? " to" : ""}` : "none");
  const counts = new Map<string, number>();
  for (const p of parsed) counts.set(template(p), (counts.get(template(p)) ?? 0) + 1);
  const usual = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
  const seen = new Set<string>();
  return texts.map((_, i) => {
    const parts = parsed[i]!;
    if (!parts) return [defect("well-formed", "no-frame", 'no "As a …, I want …" frame')];
    const defects = partsDefects(parts);
    if (template(parts) !== usual)
      defects.push(
        defect("uniform", "other-template", `"I ${template(parts)}" where the others say "I ${usual}"`),
      );
    const key = uniqueKey({
      userType: textOf(parts, parts.role),
      action: textOf(parts, parts.means),
      benefit: "",
    });
    if (seen.has(key))
      defects.push(defect("unique", "duplicate", "another story has the same role and means"));
    seen.add(key);
    return defects;
  });
}

const QUOTE_MARKS = /[“”„"«»]/;
const DANGLING = new Set(["CCONJ", "DET"]);

/**
 * An acceptance criterion is a checkable statement: "Given …, [when …,] then …", the outcome a
 * clause with a verb, not a question, not a quotation or a report of what was said, not a fragment.
 */
export function checkCriterion(criterion: Pick<Criterion, "text">): Defect[] {
  const text = criterion.text.trim();
  const defects: Defect[] = [];
  // Said plainly to be still to write (the writer had nothing a tester could check): honest, not a defect.
  if (/^To be written: \S/.test(text)) return defects;
  if (/\?\s*$/.test(text)) defects.push(defect("well-formed", "question", "a question, not a criterion"));
  const tokens = tokensOf(text);
  const thenAt = tokens.findIndex((t, i) => t.normal === "then" && i > 0);
  if (tokens[0]?.normal !== "given" || thenAt < 0) {
    defects.push(defect("well-formed", "not-given-then", 'not "Given …, then …"'));
    return defects;
  }
  const outcome = tokens.slice(thenAt + 1).filter((t) => t.pos !== "PUNCT" || QUOTE_MARKS.test(t.text));
  const outcomeText = text.slice(tokens[thenAt]!.end).trim();
  if (!outcome.length) {
    defects.push(defect("well-formed", "fragment", "nothing after then"));
    return defects;
  }
  const quoteAt = outcomeText.search(QUOTE_MARKS);
  if (quoteAt >= 0 && quoteAt < 3)
    defects.push(defect("well-formed", "bare-quote", "the outcome is a bare quote"));
  else if (quoteAt >= 0 || reportsSpeech(tokens))
    defects.push(
      defect("minimal", "quote-wrapper", "the outcome reports what was said instead of stating it"),
    );
  const first = outcome[0]!;
  const words = outcome.filter((t) => t.pos !== "PUNCT");
  const last = words.at(-1);
  if (
    ["CCONJ", "INTJ", "SCONJ"].includes(first.pos) ||
    ["yes", "no", "ok", "okay", "well"].includes(first.normal)
  )
    defects.push(defect("grammatical", "fragment", `the outcome starts with "${first.text}"`));
  else if (!words.some((t) => t.pos === "VERB" || t.pos === "AUX"))
    defects.push(defect("grammatical", "fragment", "the outcome has no verb"));
  else if (last && DANGLING.has(last.pos))
    defects.push(defect("grammatical", "fragment", `it ends with "${last.text}"`));
  return defects;
}

function reportsSpeech(tokens: Token[]): boolean {
  return tokens.some(
    (t, i) =>
      REPORTING_VERBS.has(t.lemma) &&
      t.pos === "VERB" &&
      tokens.slice(Math.max(0, i - 2), i).some((p) => p.pos === "PRON" && p.normal !== "it"),
  );
}

/** Words of a name, a hyphenated word counting once ("Low-stock alerts" is two). */
function nameTokens(name: string): Token[] {
  // A name is written capitalised; read it as the phrase it is, keeping acronyms ("SMS reminders").
  const phrase = name.trim().replace(/^(\p{Lu})(\p{Ll})/u, (_, a: string, b: string) => a.toLowerCase() + b);
  return analyze(phrase).flatMap((s) => s.tokens);
}

const countWords = (tokens: Token[]) =>
  tokens.filter((t, i) => t.pos !== "PUNCT" && tokens[i - 1]?.text !== "-" && t.text !== "&").length;

const NOT_IN_NAME = new Set(["PRON", "DET", "INTJ", "AUX", "SCONJ", "PART", "ADV"]);

/** A noun phrase with a noun head: no pronoun, article, interjection, adverb or finite verb in it. */
function nounPhraseDefects(tokens: Token[], name: string): Defect[] {
  if (!tokens.length) return [defect("well-formed", "name-no-noun", "an empty name")];
  const stray = tokens.find(
    (t) =>
      NOT_IN_NAME.has(t.pos) ||
      (t.pos === "VERB" && !/(?:ing|ed)$/.test(t.normal) && !(t.normal !== t.lemma && canBeNoun(t.lemma))),
  );
  if (stray)
    return [defect("grammatical", "name-fragment", `"${name}" is not a noun phrase ("${stray.text}")`)];
  const head = [...tokens].reverse().find((t) => t.pos !== "PUNCT");
  const nounHead =
    head &&
    (head.pos === "NOUN" ||
      head.pos === "PROPN" ||
      (head.pos === "VERB" && (head.normal.endsWith("ing") || canBeNoun(head.lemma))));
  if (!nounHead) return [defect("grammatical", "name-no-noun", `"${name}" does not end in a noun`)];
  const last = tokens.at(-1)!;
  if (DANGLING.has(last.pos) || last.pos === "ADP")
    return [defect("grammatical", "name-fragment", `"${name}" ends with "${last.text}"`)];
  return [];
}

/** A feature name: a noun phrase of at most 5 words with a noun head ("Appointment booking"). */
export function checkFeatureName(name: string): Defect[] {
  const tokens = nameTokens(name);
  const defects = nounPhraseDefects(tokens, name);
  if (countWords(tokens) > 5)
    defects.push(defect("minimal", "name-too-long", `"${name}" has more than 5 words`));
  return defects;
}

/** An epic name: at most 6 words, a noun phrase or noun phrases joined by "and" ("Booking and payments"). */
export function checkEpicName(name: string): Defect[] {
  const tokens = nameTokens(name);
  const defects: Defect[] = [];
  let run: Token[] = [];
  for (const t of [...tokens, null]) {
    if (t && !(t.pos === "CCONJ" || t.text === "&" || t.text === ",")) {
      run.push(t);
      continue;
    }
    const part = run.map((r) => r.text).join(" ");
    defects.push(...nounPhraseDefects(run, part || name));
    run = [];
  }
  if (countWords(tokens) > 6)
    defects.push(defect("minimal", "name-too-long", `"${name}" has more than 6 words`));
  return defects;
}
