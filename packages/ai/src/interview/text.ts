/** Text tools for the offline interviewer: deterministic, no models. */
import { hash, sentences, words } from "../offline/text";

export { hash, sentences, words };

const STOPWORDS = new Set(
  "a an the and or but if then so to of in on at for with by from as is are was were be been being it its it's this that these those i i'm i've i'd we we're we've you you're they they're he she me us my our your their them do does did don't doesn't didn't have has had not no yes can can't could would should will won't just very really also there here what which who whom how when where why about into than too more most some any all each every one ours theirs mine get got gets like well um uh yeah oh okay ok lot lots much many things thing stuff way kind sort bit maybe fine guess okay pretty quite between across through during without within over under around behind per via onto upon against among along until toward towards off out up down back myself ourselves yourself themselves himself herself itself".split(
    " ",
  ),
);

/** Words that end a noun phrase: verbs and connectives that rarely belong to one. */
const BREAKERS = new Set(
  "is are was were be been am being do does did done have has had having get gets got make makes made go goes went use uses used using think thought know knew want wants wanted need needs needed feel feels felt say says said tell told try tries tried take takes took see saw let lets give gives gave put puts went come comes came find finds found keep keeps kept spend spends spent run runs ran lose loses lost wait waits waited pay pays paid send sends sent ask asks asked mention mentions mentioned cost costs push pushes pushed happen happens happened start starts started because since while when where which who that and or but so then than though although if unless until after before whenever".split(
    " ",
  ),
);

const NUMBER_WORDS =
  "one two three four five six seven eight nine ten eleven twelve fifteen twenty thirty forty fifty sixty hundred thousand dozen half couple few several";
const NUMBER = new RegExp(`^(\\d[\\d.,:%]*|${NUMBER_WORDS.split(" ").join("|")})$`, "i");

export function isContentWord(word: string): boolean {
  return word.length > 2 && !STOPWORDS.has(word) && !BREAKERS.has(word);
}

export function keywords(text: string): string[] {
  return [...new Set(words(text).filter(isContentWord))];
}

/** A crude stem so "reminders" finds "reminder" and "booking" finds "book". */
export function stem(word: string): string {
  return word
    .toLowerCase()
    .replace(/'s$/, "")
    .replace(/(ies)$/, "y")
    .replace(/(ing|ed|es|s)$/, "")
    .slice(0, 8);
}

export const stems = (text: string) => new Set(keywords(text).map(stem));

export const normalise = (text: string) => words(text).join(" ");

export const slug = (text: string) =>
  words(text)
    .filter(isContentWord)
    .slice(0, 4)
    .join("-")
    .replace(/[^a-z0-9-]/g, "")
    .slice(0, 40) || "topic";

/** A list the owner typed: one item per line, bullet, semicolon or comma. */
export function listItems(text: string | null | undefined): string[] {
  const raw = (text ?? "").trim();
  if (!raw) return [];
  const lines = raw
    .split(/\r?\n|;|•/)
    .map((l) => l.replace(/^\s*([-*]|\d+[.)])\s*/, "").trim())
    .filter(Boolean);
  const items = lines.length > 1 ? lines : raw.split(/,\s*/);
  return [...new Set(items.map((i) => i.replace(/[.\s]+$/, "").trim()).filter((i) => i.length > 1))];
}

// ---- What an answer contains ----

export const FREQUENCY =
  /\b(every (single )?(day|morning|evening|night|week|weekend|month|time|shift)|each (day|week|month|time)|daily|weekly|monthly|always|often|usually|regularly|constantly|all the time|whenever|most (days|weeks|mornings)|times? a (day|week|month)|per (day|week|month)|twice|again and again)\b/i;
export const WORKAROUND =
  /\b(workaround|work around|spreadsheet|excel|by hand|manually|on paper|paper|whiteboard|sticky notes?|post-its?|phone (call|them|around)|call (them|around|each)|text (them|each)|email (them|each)|copy(ing)? and past|we just|i just|instead|double[- ]book\w*|hack)\b/i;
export const FEELING =
  /\b(frustrat\w*|annoy\w*|stress\w*|hate|hated|love|loved|worr\w*|nightmare|painful|pain|scar\w*|confus\w*|anxious|angry|upset|happy|relieved|embarrass\w*|exhaust\w*|overwhelm\w*|tired of|fed up|awful|terrible|chaos|chaotic|mess)\b/i;
export const NEGATION =
  /\b(don't|do not|doesn't|does not|never|no one|nobody|won't|will not|can't|cannot|isn't|aren't|not)\b/i;
export const UNSURE =
  /\b(not sure|unsure|don't know|do not know|dunno|no idea|can't say|cannot say|hard to say|no clue|not certain|couldn't say)\b/i;
export const DECLINE =
  /\b(rather not|prefer not|skip (this|that|it)|pass on (this|that)|no comment|not comfortable|can't share|cannot share|not my area|next question)\b|^\s*(skip|pass)[.!]?\s*$/i;
export const VAGUE =
  /\b(it depends|kind of|sort of|whatever|fine|ok|okay|so-so|things|stuff|various|some issues|somehow|i guess)\b/i;
export const INJECTION =
  /\b(ignore (all |any |the |your )?(previous|prior|above|earlier) (instructions|prompts?|rules)|system prompt|your (instructions|prompt|rules)|reveal|you are now|act as|pretend (to be|you)|developer mode|jailbreak|disregard)\b/i;
export const OFF_TOPIC =
  /\b(football|soccer|match|league|cricket|basketball|baseball|tennis|golf|weather|rain|sunny|holiday|vacation|weekend plans|movie|film|netflix|tv show|series|music|concert|lunch|dinner|recipe|favou?rite (team|colou?r|food|movie))\b/i;

export function hasNumber(text: string): boolean {
  return words(text).some((w) => NUMBER.test(w));
}

export function isVague(answer: string): boolean {
  const content = keywords(answer);
  return content.length < 3 || (VAGUE.test(answer) && content.length < 8);
}

// ---- Phrases taken from an answer ----

interface Token {
  raw: string;
  word: string;
  end: boolean;
}

function tokens(text: string): Token[] {
  return (text.match(/[^\s]+/g) ?? []).map((raw) => {
    const word = raw.toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}'%]+$/gu, "");
    return { raw: raw.replace(/^["“'(]+|["”'),.;:!?]+$/g, ""), word, end: /[,.;:!?)"”]$/.test(raw) };
  });
}

/** Words that may sit inside a quantity: "12 appointments a week", "three or four times". */
const QUANTITY_LINKS = new Set(["a", "an", "per", "of", "every", "each", "in", "or", "to"]);

const DETERMINERS = new Set(
  "a an the our my their your his her this that these those every each some any another".split(" "),
);

function trimPhrase(phrase: Token[]): Token[] {
  const out = [...phrase];
  while (out.length && !isContentWord(out.at(-1)!.word) && !NUMBER.test(out.at(-1)!.word)) out.pop();
  while (out.length && (DETERMINERS.has(out[0]!.word) || BREAKERS.has(out[0]!.word))) out.shift();
  return out;
}

/**
 * Short phrases in the participant's own words, best first: a number with what it counts ("12
 * appointments a week"), a determiner-led noun phrase ("the shared spreadsheet"), then the longest
 * run of content words. Each is copied from the answer, never paraphrased.
 */
export function phrases(answer: string, options: { strong?: boolean } = {}): string[] {
  const toks = tokens(answer).filter((t) => t.word);
  const found: Array<{ text: string; score: number }> = [];
  const add = (run: Token[], score: number) => {
    const phrase = trimPhrase(run);
    if (!phrase.some((t) => isContentWord(t.word) && t.word.length > 3 && !NUMBER.test(t.word))) return;
    const text = phrase.map((t) => t.raw).join(" ");
    if (text.length > 2 && !/[?]/.test(text)) found.push({ text, score: score + Math.min(phrase.length, 4) });
  };
  for (let i = 0; i < toks.length; i += 1) {
    const t = toks[i]!;
    const collect = (start: number, max: number, allowStop: boolean) => {
      const run: Token[] = [];
      for (let j = start; j < toks.length && run.length < max; j += 1) {
        const next = toks[j]!;
        const stop = STOPWORDS.has(next.word) && !(allowStop && QUANTITY_LINKS.has(next.word));
        if (BREAKERS.has(next.word) || (stop && run.length > 0)) break;
        run.push(next);
        if (next.end) break;
      }
      return run;
    };
    if (NUMBER.test(t.word) && !t.end) add([t, ...collect(i + 1, 4, true)], 6);
    else if (DETERMINERS.has(t.word) && !t.end) add(collect(i + 1, 3, false), 3);
  }
  if (options.strong) return rank(found);
  let run: Token[] = [];
  for (const t of toks) {
    if (isContentWord(t.word)) run.push(t);
    else {
      if (run.length) add(run.slice(0, 4), run.length > 1 ? 2 : 0);
      run = [];
    }
    if (t.end && run.length) {
      add(run.slice(0, 4), run.length > 1 ? 2 : 0);
      run = [];
    }
  }
  if (run.length) add(run.slice(0, 4), run.length > 1 ? 2 : 0);
  return rank(found);
}

function rank(found: Array<{ text: string; score: number }>): string[] {
  const seen = new Set<string>();
  return found
    .sort((a, b) => b.score - a.score)
    .map((f) => f.text)
    .filter((text) => {
      const key = text.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/** The clause around a negation, as said ("don't want reminders at night"), or null. */
export function negatedClause(answer: string): string | null {
  for (const sentence of sentences(answer)) {
    const match = sentence.match(
      /\b((?:don't|do not|doesn't|does not|never|won't|will not|can't|cannot)\s+[^,.;:!?]{3,60})/i,
    );
    if (match?.[1]) {
      const clause = match[1].split(/\s+/).slice(0, 8).join(" ");
      if (keywords(clause).some((w) => w.length > 3)) return clause.replace(/[\s,.;:!?]+$/, "");
    }
  }
  return null;
}
