/**
 * Words that make a number and a name a street address: street types (the common ones of USPS
 * Publication 28, appendix C1, and their British counterparts), the German and Dutch street words
 * written into the name ("Hauptstraße 5", "Keizersgracht 12"), the French ones written before it
 * ("12 rue de Rivoli"), unit words and compass points. Read on whole sentences in
 * address-vocabulary.test.ts.
 */

/** Street types after the name, as written or abbreviated: "12 Main St.", "1600 Pennsylvania Avenue". */
export const STREET_TYPES = new Set([
  "street",
  "st",
  "avenue",
  "ave",
  "av",
  "road",
  "rd",
  "boulevard",
  "blvd",
  "lane",
  "ln",
  "drive",
  "dr",
  "court",
  "ct",
  "place",
  "pl",
  "way",
  "terrace",
  "ter",
  "circle",
  "cir",
  "crescent",
  "cres",
  "close",
  "square",
  "sq",
  "parkway",
  "pkwy",
  "highway",
  "hwy",
  "trail",
  "trl",
  "row",
  "mews",
  "grove",
  "gardens",
  "walk",
  "plaza",
  "alley",
  "pike",
  "parade",
  "quay",
  "wharf",
  "causeway",
  "esplanade",
]);

/**
 * Street words that end a German, Dutch or Scandinavian street name, joined ("Hauptstraße") or
 * apart ("Berliner Straße"); the house number follows.
 */
export const STREET_WORD_ENDINGS = [
  "straße",
  "strasse",
  "str.",
  "weg",
  "gasse",
  "platz",
  "allee",
  "ring",
  "damm",
  "ufer",
  "chaussee",
  "steig",
  "pfad",
  "straat",
  "laan",
  "gracht",
  "plein",
  "kade",
  "singel",
  "gade",
  "vej",
  "gatan",
  "vägen",
  "veien",
] as const;

/** French street words written after the number and before the name: "12 rue de Rivoli". */
export const STREET_WORDS_BEFORE_NAME = new Set([
  "rue",
  "avenue",
  "boulevard",
  "bd",
  "place",
  "chemin",
  "allée",
  "impasse",
  "quai",
]);

/** Small words inside a French street name: "rue de la Paix". */
export const STREET_NAME_PARTICLES = new Set(["de", "du", "des", "la", "le", "les", "l'", "d'"]);

/** Words that introduce the flat, suite or floor after the street: "Apt 4B", "Suite 200". */
export const UNIT_WORDS = new Set([
  "apt",
  "apartment",
  "suite",
  "ste",
  "unit",
  "flat",
  "floor",
  "fl",
  "room",
  "rm",
  "building",
  "bldg",
]);

/** Compass points after the street type: "1600 Pennsylvania Avenue NW". */
export const DIRECTIONS = new Set([
  "n",
  "s",
  "e",
  "w",
  "ne",
  "nw",
  "se",
  "sw",
  "north",
  "south",
  "east",
  "west",
  "northeast",
  "northwest",
  "southeast",
  "southwest",
]);
