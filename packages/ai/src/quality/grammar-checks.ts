/**
 * Checks on the rest of a story, read from the kit's tokens: nothing else rides along with role,
 * means and ends (brackets, examples, asides, a second sentence), and the ends says something. The
 * role and the means have their own modules (role-reading.ts, means-checks.ts).
 */
import { type StoryParts, textOf, tokensIn } from "./parse";
import { NOUNISH } from "./role-reading";
import { type Defect, defect } from "./types";
import { EMPTY_OUTCOME_LEMMAS, EXAMPLE_MARKERS, SPOKEN_ASIDES } from "./vocabulary";

/** An ends made only of words that say nothing ("so that this need is met") is a filler. */
export function endsDefects(parts: StoryParts): Defect[] {
  if (!parts.ends) return [];
  const content = tokensIn(parts, parts.ends).filter(
    (t) => ["NOUN", "VERB", "ADJ", "PROPN", "NUM"].includes(t.pos) && /\p{L}/u.test(t.text),
  );
  if (content.every((t) => EMPTY_OUTCOME_LEMMAS.has(t.lemma)))
    return [defect("well-formed", "filler-ends", `"so that ${textOf(parts, parts.ends)}" says nothing`)];
  return [];
}

const has = (haystack: string, phrase: string) =>
  new RegExp(`(?:^|[^\\p{L}])${phrase.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?=$|[^\\p{L}])`, "iu").test(
    haystack,
  );

/** Nothing but role, means and ends: no brackets, examples, asides, dash comments or second sentence. */
export function minimalDefects(parts: StoryParts): Defect[] {
  const defects: Defect[] = [];
  const text = parts.text;
  if (/[()[\]{}]/.test(text)) defects.push(defect("minimal", "brackets", "brackets"));
  if (/\*\*|__|(?:^|\s)#{1,6}\s|`/.test(text)) defects.push(defect("minimal", "markup", "markdown marks"));
  const example = EXAMPLE_MARKERS.find((m) => has(text, m));
  const likeExample = parts.tokens.some(
    (t, i) => t.normal === "like" && t.pos !== "VERB" && NOUNISH.has(parts.tokens[i - 1]?.pos ?? ""),
  );
  if (example || likeExample)
    defects.push(defect("minimal", "examples", `examples ("${example ?? "like"}")`));
  const aside = SPOKEN_ASIDES.find((m) => has(text, m));
  if (aside) defects.push(defect("minimal", "aside", `an aside ("${aside}")`));
  if (/\s[-–—][\s,]|\s—|—\s|;/.test(text))
    defects.push(defect("minimal", "dash-comment", "a comment after a dash"));
  const second = parts.sentenceStarts.find((start) => {
    const before = text.slice(0, start).trimEnd();
    return /[.!?]$/.test(before) && /^\p{Lu}/u.test(text.slice(start));
  });
  if (second !== undefined) defects.push(defect("minimal", "second-sentence", "a second sentence"));
  return defects;
}
