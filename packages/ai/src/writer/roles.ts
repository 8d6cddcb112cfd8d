/**
 * The participant's stated role, as a noun phrase a product owner would write: "I'm the owner of the
 * salon" → "salon owner", "I work as a front-desk receptionist" → "front-desk receptionist"; and a
 * role named in a need, as a product owner writes it.
 */
import type { Extraction } from "../evidence/types";
import { singular } from "../text/grammar";
import { analyze, type Token } from "../text/nlp";
import { isPersonNoun, LIFE_ROLES, PERSON_NOUNS, THING_NOUNS_LIKE_PEOPLE } from "./people";

const SELF = new Set(["i", "i'm", "me"]);

/** The role noun phrase starting at `from`: modifiers, a person noun, and "of/at the <place>". */
function roleAt(tokens: Token[], from: number): string | null {
  let i = from;
  if (tokens[i]?.pos === "DET") i += 1;
  const phrase: Token[] = [];
  while (
    tokens[i] &&
    (tokens[i]!.pos === "ADJ" ||
      tokens[i]!.pos === "NOUN" ||
      tokens[i]!.pos === "PROPN" ||
      tokens[i]!.text === "-")
  ) {
    phrase.push(tokens[i]!);
    i += 1;
  }
  const head = phrase.at(-1);
  if (!head || !isPersonNoun(head)) return null;
  // "owner of the salon" → "salon owner"; "manager at a clinic" → "clinic manager".
  let place = "";
  if (tokens[i] && tokens[i]!.normal === "of") {
    // "owner of Jo's Hair Salon", "owner of the dry cleaning shop": the kind of business it is.
    const business = businessAt(tokens, i + 1);
    if (business) return singular(`${business} ${phrase.map((t) => t.normal).join(" ")}`);
    let j = i + 1;
    while (tokens[j] && (tokens[j]!.pos === "DET" || tokens[j]!.pos === "PRON")) j += 1;
    const where: Token[] = [];
    while (tokens[j] && tokens[j]!.pos === "NOUN") {
      where.push(tokens[j]!);
      j += 1;
    }
    // "owner of the salon" → "salon owner"; "owner of the dry cleaning shop" stays "owner".
    const more =
      tokens[j] && (tokens[j]!.pos === "VERB" || tokens[j]!.pos === "ADJ" || tokens[j]!.pos === "PROPN");
    if (where.length === 1 && !more && !isPersonNoun(where[0]!)) place = `${singular(where[0]!.normal)} `;
  }
  const words = phrase.map((t) => (t.text === "-" ? "-" : t.normal));
  const role = `${place}${words.join(" ").replace(/ - /g, "-")}`;
  return singular(role);
}

/**
 * The kind of business named from `from` on ("a thriving hair salon" → "salon", "Jo's Hair Salon" →
 * "salon"): the last word of the name when it is a kind of business, else null.
 */
function businessAt(tokens: Token[], from: number): string | null {
  let i = from;
  let last: Token | undefined;
  while (
    tokens[i] &&
    (["DET", "ADJ", "NOUN", "PROPN", "PART", "SYM"].includes(tokens[i]!.pos) ||
      /^(?:my|our|\/|&)$/.test(tokens[i]!.normal) ||
      // "a dry cleaning shop": a gerund naming the trade.
      (/ing$/.test(tokens[i]!.normal) && tokens[i + 1]?.pos === "NOUN"))
  ) {
    if (tokens[i]!.pos === "NOUN" || tokens[i]!.pos === "PROPN") last = tokens[i];
    i += 1;
  }
  const kind = last && singular(last.normal);
  return kind && BUSINESS_NOUNS.has(kind) ? kind : null;
}

/** How sure a statement of one's role is: said outright, then owning or working at a business. */
type Said = { role: string; rank: number };

/** The roles a participant states about themself in one sentence, in the order said. */
function rolesIn(tokens: Token[]): Said[] {
  const found: Said[] = [];
  for (let i = 0; i < tokens.length; i += 1) {
    const t = tokens[i]!;
    const next = tokens[i + 1];
    // "I'm a …", "I am the …", "I work as a …", "my role is …", "as the owner, …"
    const afterBe =
      t.normal === "i'm"
        ? i + 1
        : SELF.has(t.normal) && next && (next.lemma === "be" || next.normal === "'m")
          ? i + 2
          : -1;
    if (afterBe >= 0) {
      // "I'm Maya, the bakery owner", "I'm Jo Smith, the owner …": past the name to the apposition.
      let at = afterBe;
      while (tokens[at] && (tokens[at]!.pos === "PROPN" || tokens[at]!.pos === "SYM")) at += 1;
      at = at > afterBe && tokens[at]?.text === "," ? at + 1 : afterBe;
      const role = roleAt(tokens, at);
      if (role) found.push({ role, rank: 0 });
    }
    if (SELF.has(t.normal) && next?.lemma === "work" && tokens[i + 2]?.normal === "as") {
      const role = roleAt(tokens, i + 3);
      if (role) found.push({ role, rank: 0 });
    }
    if (
      t.normal === "my" &&
      (next?.normal === "role" || next?.normal === "job" || next?.normal === "position") &&
      tokens[i + 2]?.lemma === "be"
    ) {
      const role = roleAt(tokens, i + 3);
      if (role) found.push({ role, rank: 0 });
    }
    // "I have a hair salon", "I run a small bakery": the one who owns it.
    const self = SELF.has(t.normal) || t.normal === "we";
    if (self && next && /^(?:have|own|run|manage)$/.test(next.lemma)) {
      const business = businessAt(tokens, i + 2);
      if (business)
        found.push({ role: `${business} ${next.lemma === "manage" ? "manager" : "owner"}`, rank: 1 });
    }
    // "I work in a salon", "I'm working at a clinic": one of its staff.
    const works = t.normal === "i'm" ? next : SELF.has(t.normal) ? next : undefined;
    const at = works?.lemma === "work" ? tokens.indexOf(works) + 1 : -1;
    if (at > 0 && /^(?:in|at|for)$/.test(tokens[at]?.normal ?? "")) {
      const business = businessAt(tokens, at + 1);
      if (business) found.push({ role: `${business} employee`, rank: 2 });
    }
    // "a system tailored to Jo's Salon", "an app for my bakery": made for the business, whose owner it serves.
    if (/^(?:system|app|application|solution|software|tool|platform)$/.test(t.lemma) && next) {
      const at = next.normal === "tailored" || next.normal === "built" ? i + 2 : i + 1;
      const business = /^(?:for|to)$/.test(tokens[at]?.normal ?? "") && businessAt(tokens, at + 1);
      if (business && tokens.some((w) => SELF.has(w.normal)))
        found.push({ role: `${business} owner`, rank: 4 });
    }
    // "My salon is close to …": said of one's own business ("my aunt's shop" is the aunt's).
    if (t.normal === "my" && next && next.pos === "NOUN" && tokens[i + 2]?.pos !== "PART") {
      const business = businessAt(tokens, i + 1);
      if (business) found.push({ role: `${business} owner`, rank: 3 });
    }
  }
  return found;
}

/**
 * The role a participant states about themself, in one text or turn after turn, or null: the
 * surest statement, the first of equals; who they are outside work ("I'm a student") only when they
 * say nothing about their work ("I'm a student … my salon is …" is the salon's owner).
 */
export function statedRole(said: string | string[]): string | null {
  const texts = typeof said === "string" ? [said] : said;
  const found = texts.flatMap((text) => analyze(text)).flatMap((sentence) => rolesIn(sentence.tokens));
  const work = found.filter((f) => !LIFE_ROLES.has(f.role.split(" ").at(-1)!));
  const best = (work.length ? work : found).reduce<Said | null>(
    (surest, f) => (!surest || f.rank < surest.rank ? f : surest),
    null,
  );
  return best?.role ?? null;
}

/**
 * The role in an interview's name, as its owner named it ("Café owner (Rosa)", "IT contractor",
 * "New hire"), or null ("Interview 3", "Driving school", a person's name).
 */
export function namedRole(name: string): string | null {
  const words = name
    .split(/[(,:;–—|]|\s-\s/)[0]!
    .trim()
    .split(/\s+/);
  if (!words.length || words.length > 3) return null;
  const head = words.at(-1)!;
  const lemma = singular(head.toLowerCase());
  // "Peter Miller" is a name; "Head chef", "Warehouse manager" are roles.
  if (words.length > 1 && head !== head.toLowerCase()) return null;
  const person =
    PERSON_NOUNS.has(lemma) ||
    (/(?:er|or|ist|ian|ant|[^m]ent)$/.test(lemma) && !THING_NOUNS_LIKE_PEOPLE.has(lemma));
  if (!person || GROUP_NOUNS.has(lemma) || !/^[a-z]/.test(lemma)) return null;
  // "IT contractor", "HR manager": an acronym keeps its capitals.
  return words
    .map((w, i) => (/^[A-Z]{2,}$/.test(w) ? w : i === words.length - 1 ? lemma : w.toLowerCase()))
    .join(" ");
}

/** People nouns that name a group or a place, never one person's role ("Driving school", "Team"). */
const GROUP_NOUNS = new Set(["school", "team", "family", "people", "staff", "stakeholder", "user"]);

/** Kinds of business a participant may own or work at ("I have a salon" → "salon owner"). */
const BUSINESS_NOUNS = new Set([
  "salon",
  "shop",
  "store",
  "restaurant",
  "café",
  "cafe",
  "bar",
  "pub",
  "bakery",
  "clinic",
  "practice",
  "pharmacy",
  "hotel",
  "gym",
  "studio",
  "garage",
  "workshop",
  "business",
  "company",
  "firm",
  "agency",
  "farm",
  "boutique",
  "spa",
  "barbershop",
  "startup",
]);

/**
 * A role named in the need, as a product owner writes it: the person noun with at most one plain
 * modifier ("staff member", "client"), never a heading run into it ("rescheduling client").
 */
export function plainRole(role: string): string {
  const words = role.split(/\s+/);
  const head = knownPerson(words.at(-1)!);
  if (words.length === 1) return head;
  const modifier = words.at(-2)!;
  return words.length === 2 && !/(?:ing|ed|s)$/.test(modifier) && !modifier.includes("-")
    ? `${modifier} ${head}`
    : head;
}

/** "costumer" meant as "customer": a role two letters from a person noun everyone uses is that noun. */
function knownPerson(word: string): string {
  if (PERSON_NOUNS.has(word)) return word;
  const near = [...PERSON_NOUNS].find(
    (known) => known[0] === word[0] && known.length === word.length && lettersApart(known, word) === 2,
  );
  return near ?? word;
}

/** How many letters differ, place by place, between two words of one length. */
const lettersApart = (a: string, b: string) => [...a].filter((c, i) => c !== b[i]).length;

/** The role a participant stated, when it is their role in the product ("I'm a student" is not a business one). */
export function statedWorkRole(extraction: Extraction): string | null {
  const business = extraction.stakeholderType !== "user" && extraction.stakeholderType !== "other";
  // The role the interview was named by ("Café owner (Rosa)") when the participant said none.
  const roles = [extraction.role, namedRole(extraction.name)];
  return roles.find((role) => role && !(business && LIFE_ROLES.has(role.split(/\s+/).at(-1)!))) ?? null;
}
