/**
 * A need said only in a scenario ("say you have told it that I want a school in town", "imagine
 * I need to …", "let's say I want …"): what the participant pictures to explain something, not what
 * they ask for ("I'd say we need …" is an opinion about a real need).
 */
import type { FoundNeed } from "./needs";

/** Verbs that set up a scenario or report words, when they come just before the need. */
const FRAMING = new Set(["say", "imagine", "suppose", "assume", "pretend", "picture"]);

/** True when the need is set up as a scenario in its own sentence. */
export function hypothetical(need: FoundNeed): boolean {
  const tokens = need.sentence.tokens;
  const first = need.action[0];
  const at = first ? tokens.findIndex((t) => t.start === first.start) : -1;
  if (at <= 0) return false;
  const before = tokens.slice(Math.max(0, at - 10), at);
  // ("I'd say we need …" is an opinion, said of a real need)
  const opinion = (i: number) => /^(?:'d|would|i)$/.test(before[i - 1]?.normal ?? "");
  return before.some(
    (t, i) =>
      FRAMING.has(t.lemma) &&
      !opinion(i) &&
      !before.slice(i + 1).some((x) => x.pos === "PUNCT" && x.text !== ","),
  );
}
