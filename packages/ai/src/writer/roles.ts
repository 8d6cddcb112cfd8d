/**
 * The participant's stated role, as a noun phrase a product owner would write: "I'm the owner of the
 * salon" → "salon owner", "I work as a front-desk receptionist" → "front-desk receptionist"; and a
 * role named in a need, as a product owner writes it.
 */
import type { Extraction } from "../evidence/types";
import { singular } from "../text/grammar";
import { analyze, type Token } from "../text/nlp";
import { isPersonNoun, LIFE_ROLES, PERSON_NOUNS } from "./people";

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
    let j = i + 1;
    while (tokens[j] && (tokens[j]!.pos === "DET" || tokens[j]!.pos === "PRON")) j += 1;
    const where: Token[] = [];
    while (tokens[j] && tokens[j]!.pos === "NOUN") {
      where.push(tokens[j]!);
      j += 1;
    }
    // "owner of the salon" → "salon owner"; "owner of the hair dressing shop" stays "owner".
    const more =
      tokens[j] && (tokens[j]!.pos === "VERB" || tokens[j]!.pos === "ADJ" || tokens[j]!.pos === "PROPN");
    if (where.length === 1 && !more && !isPersonNoun(where[0]!)) place = `${singular(where[0]!.normal)} `;
  }
  const words = phrase.map((t) => (t.text === "-" ? "-" : t.normal));
  const role = `${place}${words.join(" ").replace(/ - /g, "-")}`;
  return singular(role);
}

/** The first role a participant states about themself, in one text or turn after turn, or null. */
export function statedRole(said: string | string[]): string | null {
  const texts = typeof said === "string" ? [said] : said;
  for (const sentence of texts.flatMap((text) => analyze(text))) {
    const tokens = sentence.tokens;
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
        // "I'm Nancy, the salon owner": past the name to the apposition.
        const at =
          tokens[afterBe]?.pos === "PROPN" && tokens[afterBe + 1]?.text === "," ? afterBe + 2 : afterBe;
        const role = roleAt(tokens, at);
        if (role) return role;
      }
      if (SELF.has(t.normal) && next?.lemma === "work" && tokens[i + 2]?.normal === "as") {
        const role = roleAt(tokens, i + 3);
        if (role) return role;
      }
      if (
        t.normal === "my" &&
        (next?.normal === "role" || next?.normal === "job" || next?.normal === "position") &&
        tokens[i + 2]?.lemma === "be"
      ) {
        const role = roleAt(tokens, i + 3);
        if (role) return role;
      }
    }
  }
  return null;
}

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
  const head = extraction.role?.split(/\s+/).at(-1);
  if (!head) return null;
  return extraction.stakeholderType !== "user" && LIFE_ROLES.has(head) ? null : extraction.role;
}
