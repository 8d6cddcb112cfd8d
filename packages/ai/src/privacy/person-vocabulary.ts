/**
 * The few words that tell the person detector a name follows: titles, the verbs people are asked,
 * told and called with, the phrases of a self-introduction. Names themselves come from compromise's
 * lexicon and WordNet (detect-person.ts); these are constructions no lexicon lists. Each list is
 * read on whole sentences in person-vocabulary.test.ts.
 */

/** Titles written before a surname or a full name, with or without the dot: "Dr. Patel", "Mr Okafor". */
export const TITLES = new Set([
  "mr",
  "mrs",
  "ms",
  "miss",
  "mx",
  "dr",
  "prof",
  "rev",
  "sir",
  "dame",
  "mister",
  "madam",
  "madame",
  "mme",
  "mlle",
  "monsieur",
  "herr",
  "frau",
  "señor",
  "señora",
  "capt",
  "sgt",
  "lt",
  "det",
  "insp",
]);

/** Verbs whose object is a person when it is a name: "ask Maria", "I called Ben", "cc Omar". */
export const ADDRESSING_VERBS = new Set([
  "ask",
  "tell",
  "call",
  "phone",
  "ring",
  "email",
  "e-mail",
  "text",
  "message",
  "ping",
  "cc",
  "thank",
  "remind",
  "meet",
  "invite",
  "contact",
  "page",
  "notify",
  "inform",
  "introduce",
  "hire",
  "name",
  "visit",
  "see",
  "let",
]);

/** Verbs that take a person after "to" or "with": "talk to Sarah", "I work with Kofi". */
export const VERBS_WITH_A_PARTNER = new Set([
  "talk",
  "speak",
  "chat",
  "meet",
  "work",
  "check",
  "consult",
  "write",
  "reply",
  "report",
  "explain",
  "mention",
  "complain",
  "say",
  "send",
  "forward",
  "hand",
  "pass",
  "refer",
  "listen",
  "go",
  "sit",
  "catch",
  "follow",
  "belong",
  "assign",
  "transfer",
]);

/** The prepositions that join those verbs to the person. */
export const PARTNER_PREPOSITIONS = new Set(["to", "with"]);

/**
 * Words after which a name is given, whatever the verb: "according to Okafor", "my name
 * is Tom", "I'm Aisha", "thanks Priya". Each is its lower-case tokens, as the kit reads them.
 */
export const NAMING_PHRASES: readonly (readonly string[])[] = [
  ["according", "to"],
  ["name", "is"],
  ["name", "'s"],
  ["name", "was"],
  ["goes", "by"],
  ["i'm"],
  ["i", "'m"],
  ["i", "am"],
  ["this", "is"],
  ["hi"],
  ["hello"],
  ["hey"],
  ["dear"],
  ["thanks"],
  ["thank", "you"],
  ["signed"],
];

/** Particles inside a surname: "Ludwig van Beethoven", "Maria da Silva", "Omar al Rashid". */
export const SURNAME_PARTICLES = new Set([
  "van",
  "von",
  "de",
  "der",
  "den",
  "da",
  "di",
  "du",
  "del",
  "della",
  "dos",
  "das",
  "la",
  "le",
  "bin",
  "ibn",
  "al",
  "el",
  "ten",
  "ter",
]);

/** Words before a name that make it a place's or an institution's: "St. Mary's Hospital", "San Jose". */
export const SAINTS = new Set(["st", "st.", "saint", "san", "santa", "sankt", "ste", "ste."]);

/** Articles: "the Zara window display", "a Jordan 4" use a name as a brand, not for a person. */
export const ARTICLES = new Set(["the", "a", "an"]);

/** Words that join the names of a list: "Tom, Priya and Ahmed". */
export const LIST_JOINERS = new Set([",", "and", "or"]);
