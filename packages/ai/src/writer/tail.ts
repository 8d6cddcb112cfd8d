/**
 * The words after a need's trigger, cut into the action, what it is for (the ends) and when it
 * applies (the conditions); frames ("be able to", "a way to") and examples ("such as …") are left out.
 */
import type { Token } from "../text/nlp";
import { isWord } from "./clauses";
import { isPersonNoun } from "./people";
import { ABILITY_NOUNS, COMPLEMENT_NOUNS } from "./vocabulary";

/** Markers that start the ends of a need. */
function endsAt(tokens: Token[], i: number): number {
  const t = tokens[i]!;
  const next = tokens[i + 1];
  if (t.normal === "so" && (isWord(next, "that") || (next && (next.pos === "PRON" || next.pos === "NOUN"))))
    return i;
  if (t.normal === "because" || t.normal === "since") return i;
  // "…, as it ensures timely reordering"
  if (t.normal === "as" && tokens[i - 1]?.text === "," && next?.pos === "PRON") return i;
  if (t.normal === "in" && isWord(next, "order") && isWord(tokens[i + 2], "to")) return i;
  return -1;
}

// "the day before each visit", "until noon" stay in the action: they say when, not whether.
const CONDITION = new Set(["if", "when", "whenever", "unless", "once"]);

/**
 * "in case someone calls" is a condition too; "once" is one only before a clause ("once the client
 * pays"): "fill in my details once" and "once a week" say how often, and stay in the action.
 */
const conditionAt = (tokens: Token[], i: number) => {
  const t = tokens[i]!;
  const next = tokens[i + 1];
  if (t.normal === "once")
    return (
      i > 1 &&
      next !== undefined &&
      ["DET", "PRON", "NOUN", "PROPN"].includes(next.pos) &&
      !/^(?:a|per|every)$/.test(next.normal)
    );
  return (CONDITION.has(t.normal) && i > 1) || (t.normal === "in" && next?.normal === "case");
};

/** Skips "to", "be able to", "a way to", "the option of" before the action. */
export function skipFrames(tokens: Token[], from: number): number {
  let i = from;
  for (let guard = 0; guard < 4; guard += 1) {
    const t = tokens[i];
    if (!t) break;
    if (t.normal === "to" && t.pos === "PART") {
      i += 1;
      continue;
    }
    if (t.lemma === "be" && isWord(tokens[i + 1], "able") && isWord(tokens[i + 2], "to")) {
      i += 3;
      continue;
    }
    if (t.normal === "able" && isWord(tokens[i + 1], "to")) {
      i += 2;
      continue;
    }
    // "a way to", "the option to", "the possibility of"
    const frame = t.pos === "DET" ? tokens[i + 1] : t;
    const link = tokens[t.pos === "DET" ? i + 2 : i + 1];
    if (frame && ABILITY_NOUNS.has(frame.lemma) && link && (link.normal === "to" || link.normal === "of")) {
      i += t.pos === "DET" ? 3 : 2;
      continue;
    }
    break;
  }
  return i;
}

/** The noun phrase starting at `from` (determiners, adjectives, nouns, possessives), as an index range. */
export function nounPhraseEnd(tokens: Token[], from: number): number {
  let i = from;
  while (
    tokens[i] &&
    (["DET", "ADJ", "NOUN", "PROPN", "NUM", "PRON"].includes(tokens[i]!.pos) ||
      tokens[i]!.text === "-" ||
      tokens[i]!.text === "'s")
  )
    i += 1;
  return i;
}

/** "to run the business" after an object: what the action is for. */
function purposeAt(tokens: Token[], i: number): boolean {
  const t = tokens[i]!;
  const next = tokens[i + 1];
  // "send reminders (e.g. a day before) to reduce no-shows": the word before the example.
  let before = i - 1;
  if (tokens[before]?.text === ")") {
    const open = tokens.slice(0, before).findLastIndex((x) => x.text === "(");
    if (open > 0) before = open - 1;
  }
  const prev = tokens[before];
  const said = tokens.slice(0, before + 1);
  // "a booking system for clients to make appointments" says who does what, not why.
  const forWhom = tokens
    .slice(Math.max(0, i - 4), i)
    .some((x, j, near) => x.normal === "for" && near.slice(j + 1).some(isPersonNoun));
  return (
    t.normal === "to" &&
    i >= 2 &&
    next?.pos === "VERB" &&
    prev !== undefined &&
    ["NOUN", "PROPN", "ADV", "ADJ"].includes(prev.pos) &&
    !COMPLEMENT_NOUNS.has(prev.lemma) &&
    !forWhom &&
    // ("confirmations for bookings to keep clients informed": a thing and what it is for;
    // "the routes to update" says who acts)
    said.some((x) => x.pos === "VERB" || (x.pos === "ADP" && x !== said[0]))
  );
}

/** "such as …", "e.g. …", ", like …", "including …": examples, left out of a minimal story. */
function examplesAt(tokens: Token[], i: number): boolean {
  const t = tokens[i]!;
  const next = tokens[i + 1];
  if (t.normal === "such" && next?.normal === "as") return true;
  if (t.normal === "for" && next?.normal === "example") return true;
  if (/^(?:e\.g\.?|eg|etc\.?|including)$/.test(t.normal)) return true;
  // ", like …" and "patterns like attendance and performance" (not "I would like", "feel like")
  const prev = tokens[i - 1];
  return t.normal === "like" && (prev?.text === "," || (prev?.pos === "NOUN" && t.pos !== "VERB"));
}

/** Two verbs in the same form ("offers" and "provides", "book" and "view"). */
const sameForm = (a: Token | undefined, b: Token | undefined) =>
  a !== undefined &&
  b !== undefined &&
  a.pos === "VERB" &&
  b.pos === "VERB" &&
  a.normal.endsWith("s") === b.normal.endsWith("s") &&
  (a.normal !== a.lemma) === (b.normal !== b.lemma);

/** Cuts the tail of a need into action, ends and conditions. */
export function cutTail(tokens: Token[]) {
  const action: Token[] = [];
  const ends: Token[] = [];
  const conditions: Token[][] = [];
  const anchors: Array<Token | undefined> = [];
  let mode: "action" | "ends" | "condition" | "examples" = "action";
  tokens.forEach((t, i) => {
    if (mode === "action" && examplesAt(tokens, i)) mode = "examples";
    if (mode === "examples") {
      if (t.text === ")") mode = "action";
      return;
    }
    if (t.text === "(") {
      mode = "examples";
      return;
    }
    if (mode === "action" && t.normal === "but" && t.pos === "CCONJ") mode = "examples";
    // "… via a website which then helps me to …": what the thing does besides is an aside.
    const after = tokens[i + 1];
    if (
      mode === "action" &&
      t.normal === "which" &&
      tokens[i - 1]?.pos === "NOUN" &&
      (after?.pos === "ADV" || after?.pos === "VERB")
    )
      mode = "examples";
    // "…, as managing shifts has become hard", "…, ensuring proper coverage": an aside on the need,
    // not part of it (nor its purpose).
    const afterComma = tokens[i - 1]?.text === "," && tokens.slice(0, i).some((x) => x.pos === "VERB");
    const next = tokens[i + 1];
    const aside =
      (t.normal === "as" && next !== undefined && next.pos !== "PRON" && next.normal !== "well") ||
      (t.pos === "VERB" && /ing$/.test(t.normal));
    if (mode === "action" && afterComma && aside) mode = "examples";
    if (mode === "examples") return;
    if (mode === "action" && purposeAt(tokens, i)) mode = "ends";
    else if (endsAt(tokens, i) === i && (mode === "action" || mode === "condition")) mode = "ends";
    // "… when supplies run out and provides reports": a verb like the action's own ends the condition.
    else if (mode === "condition" && t.pos === "CCONJ" && sameForm(tokens[i + 1], tokens[0])) mode = "action";
    else if (conditionAt(tokens, i) && (mode === "action" || (mode === "condition" && t.pos === "SCONJ"))) {
      mode = "condition";
      conditions.push([]);
      anchors.push(action.at(-1));
    }
    if (mode === "action") action.push(t);
    else if (mode === "ends") ends.push(t);
    else conditions.at(-1)!.push(t);
  });
  const trim = (list: Token[]) => {
    while (
      list.length &&
      ["PUNCT", "CCONJ", "ADP", "PART", "DET", "SCONJ"].includes(list.at(-1)!.pos) &&
      list.at(-1)!.text !== ")" &&
      // "the day before" says when
      !(/^(?:before|after)$/.test(list.at(-1)!.normal) && list.at(-2)?.pos === "NOUN")
    )
      list.pop();
    while (list.length && (list[0]!.pos === "INTJ" || list[0]!.pos === "PUNCT")) list.shift();
    return list;
  };
  const kept = conditions.map((c, i) => ({ c: trim(c), anchor: anchors[i] })).filter(({ c }) => c.length > 1);
  return {
    action: trim(action),
    ends: trim(ends),
    conditions: kept.map(({ c }) => c),
    anchors: kept.map(({ anchor }) => anchor),
  };
}
