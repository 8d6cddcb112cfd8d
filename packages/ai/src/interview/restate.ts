/**
 * The interviewer's own question said again as a statement (issue 27), for a participant who asks
 * what was meant ("So, you mean the bookings?" → "Yes — I meant how you handle bookings today."):
 * a wh-question becomes the clause it asks about, with the auxiliary back after its subject
 * ("what X would change" for "What would X change?"; "how you manage" for "How do you manage?";
 * "how the team gets by" for "How does the team get by?"), a yes/no question a "whether" clause,
 * and "Could you …?" what was asked of them ("I was asking you to …"). Read with the text kit.
 */
import { analyze, pastTense, type Token, thirdPersonPresent } from "../text";
import { canBeVerb } from "../text/lexicon";

const WH = /^(?:what|how|why|which|who|where|when)$/;
/** Words that extend a wh-word into a phrase: "how much time", "which part of X", "how often". */
const WH_EXTENSION = /^(?:much|many|often|long|well|far|soon|else)$/;
const DO = /^(?:do|does|did)$/;
const REQUEST = /^(?:could|can|would|will)$/;

const text = (tokens: Token[], source: string) =>
  tokens.length ? source.slice(tokens[0]!.start, tokens.at(-1)!.end) : "";

/**
 * The subject after an inverted auxiliary: the words up to the main verb. The tagger reads some
 * verbs after a noun as nouns ("would online booking change for you"): with no verb found, the
 * last word before the first preposition that can be a verb is the verb.
 */
function subjectEnd(tokens: Token[], from: number): number {
  let i = from;
  while (tokens[i] && tokens[i]!.pos !== "VERB" && tokens[i]!.pos !== "AUX") i += 1;
  if (i < tokens.length) return i;
  const stop = tokens.findIndex((t, j) => j > from && (t.pos === "ADP" || t.pos === "PART"));
  const last = (stop < 0 ? tokens.length : stop) - 1;
  return last > from && canBeVerb(tokens[last]!.normal) ? last : tokens.length;
}

/** One clause of a question as a statement, or null when its shape is not one read here. */
function clause(tokens: Token[], source: string): string | null {
  const words = tokens.filter((t) => t.pos !== "PUNCT" || t.text === "-" || t.text === "'");
  if (!words.length) return null;
  const first = words[0]!;
  // "Could you give me a recent example?" → "you to give me a recent example"
  if (REQUEST.test(first.normal) && words[1]?.normal === "you" && words[2]?.pos === "VERB")
    return `REQUEST ${text(words.slice(2), source)}`;
  // Yes/no: "Did I get that right" → "whether I got that right"; "Is anything missing" → "whether anything is missing"
  if (first.pos === "AUX") {
    // "Is there a product you enjoy?" → "whether there is a product you enjoy"
    if (first.lemma === "be" && words[1]?.normal === "there")
      return `whether there ${first.normal} ${text(words.slice(2), source)}`;
    const end = subjectEnd(words, 1);
    const subject = words.slice(1, end);
    if (!subject.length) return null;
    const rest = words.slice(end);
    return `whether ${statement(first, subject, rest, source)}`;
  }
  if (!WH.test(first.normal)) return null;
  // The wh-phrase: "how much time", "which part of X", "what data".
  let i = 1;
  if (WH_EXTENSION.test(words[i]?.normal ?? "")) i += 1;
  // "what tools or workarounds": nouns, and nouns joined to them.
  while (
    words[i] &&
    (words[i]!.pos === "NOUN" ||
      words[i]!.pos === "ADJ" ||
      (words[i]!.pos === "CCONJ" && i > 1 && words[i + 1]?.pos === "NOUN"))
  )
    i += 1;
  const wh = text(words.slice(0, i), source).toLowerCase();
  const aux = words[i];
  // "Who would use X most?", "What happens when …?": the wh-phrase is the subject; nothing moves.
  if (aux?.pos !== "AUX" || words[i + 1]?.pos === "VERB")
    return `${wh} ${text(words.slice(i), source)}`.trim();
  // "What's the hardest part of that?" → "what the hardest part of that is": "be" goes last.
  if (aux.lemma === "be" && words[i + 1]?.pos !== "PRON")
    return `${wh} ${text(words.slice(i + 1), source)} ${aux.normal === "'s" ? "is" : aux.normal}`;
  const end = subjectEnd(words, i + 1);
  const subject = words.slice(i + 1, end);
  if (!subject.length) return `${wh} ${text(words.slice(i), source)}`;
  return `${wh} ${statement(aux, subject, words.slice(end), source)}`;
}

/** The auxiliary back after its subject; "do" folded into the verb ("does X take" → "X takes"). */
function statement(aux: Token, subject: Token[], rest: Token[], source: string): string {
  const who = text(subject, source);
  const [verb, ...after] = rest;
  if (DO.test(aux.normal) && verb && (verb.pos === "VERB" || verb.pos === "AUX" || canBeVerb(verb.normal))) {
    const form =
      aux.normal === "does"
        ? thirdPersonPresent(verb.normal)
        : aux.normal === "did"
          ? pastTense(verb.normal)
          : verb.normal;
    return [who, form, text(after, source)].filter(Boolean).join(" ");
  }
  const auxiliary = aux.normal === "'s" ? "is" : aux.text.toLowerCase();
  return [who, auxiliary, text(rest, source)].filter(Boolean).join(" ");
}

/**
 * The question as something said: "I meant how you manage without online booking today", or
 * "I was asking you to give me a recent example". Null when the question's shape is not one
 * read here (the caller says what the question was about instead).
 */
export function meantBy(question: string): string | null {
  const [sentence] = analyze(question.trim()).slice(-1);
  if (!sentence?.text.endsWith("?")) return null;
  const source = sentence.text;
  const tokens = sentence.tokens.map((t) => ({
    ...t,
    start: t.start - sentence.start,
    end: t.end - sentence.start,
  }));
  // "Did I get that right, or is anything missing?": each clause said, joined again by "or".
  const or = tokens.findIndex(
    (t, i) => t.normal === "or" && tokens[i - 1]?.text === "," && tokens[i + 1]?.pos === "AUX",
  );
  const parts = or > 0 ? [tokens.slice(0, or - 1), tokens.slice(or + 1)] : [tokens];
  const said = parts.map((part) => clause(part, source));
  if (said.some((s) => s === null)) return null;
  const first = said[0]!;
  if (first.startsWith("REQUEST ")) return `I was asking you to ${first.slice("REQUEST ".length)}`;
  const lower = (s: string) => s.replace(/^[A-Z](?=[a-z])/, (c) => c.toLowerCase());
  return `I meant ${said.map((s) => lower(s!)).join(", or ")}`.replace(/\s+([,.])/g, "$1");
}
