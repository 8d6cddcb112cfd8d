/** Which language a participant spoke, from franc's trigram model (see docs/decisions.md, "Text kit"). */
import { franc, francAll } from "franc-min";

export interface DetectedLanguage {
  /** ISO 639-1 where franc's ISO 639-3 code has one ("en", "de"), else the 639-3 code. */
  code: string;
  /** The language's English name. */
  name: string;
  /** False when there was too little text to tell: the caller's default language stands. */
  reliable: boolean;
}

// franc answers ISO 639-3; the languages people are likely to interview in, by their usual names.
const NAMES: Record<string, [string, string]> = {
  eng: ["en", "English"],
  deu: ["de", "German"],
  fra: ["fr", "French"],
  spa: ["es", "Spanish"],
  ita: ["it", "Italian"],
  por: ["pt", "Portuguese"],
  nld: ["nl", "Dutch"],
  pol: ["pl", "Polish"],
  swe: ["sv", "Swedish"],
  dan: ["da", "Danish"],
  nob: ["no", "Norwegian"],
  fin: ["fi", "Finnish"],
  tur: ["tr", "Turkish"],
  rus: ["ru", "Russian"],
  ukr: ["uk", "Ukrainian"],
  ces: ["cs", "Czech"],
  ron: ["ro", "Romanian"],
  hun: ["hu", "Hungarian"],
  ell: ["el", "Greek"],
  arb: ["ar", "Arabic"],
  heb: ["he", "Hebrew"],
  hin: ["hi", "Hindi"],
  jpn: ["ja", "Japanese"],
  kor: ["ko", "Korean"],
  cmn: ["zh", "Chinese"],
  ind: ["id", "Indonesian"],
  vie: ["vi", "Vietnamese"],
};

/** Below this many letters franc guesses (a lone "Yes, exactly." reads as Hungarian). */
const MIN_LETTERS = 120;

/** Whether a text has enough letters for franc to tell its language. */
export const longEnoughToTell = (text: string) => text.replace(/[^\p{L}]/gu, "").length >= MIN_LETTERS;

/** The language of a text; short texts are reported unreliable and read as `fallback` (English). */
export function detectLanguage(text: string, fallback = "en"): DetectedLanguage {
  const letters = text.replace(/[^\p{L}]/gu, "").length;
  const code3 = letters >= MIN_LETTERS ? franc(text, { minLength: 10 }) : "und";
  if (code3 === "und") {
    const name = Object.values(NAMES).find(([code]) => code === fallback)?.[1] ?? fallback;
    return { code: fallback, name, reliable: false };
  }
  const [code, name] = NAMES[code3] ?? [code3, code3];
  return { code, name, reliable: true };
}

export const isEnglish = (language: DetectedLanguage) => language.code === "en";

/**
 * Whether a text may well be English: too short to tell, or franc scores English within `margin`
 * of its best guess. A few repetitive English answers ("Answer 3: we plan routes by hand.") come out
 * as German by a hair (English 0.996 of it), while Spanish puts English far behind (0.79).
 */
export function mayBeEnglish(text: string, margin = 0.9): boolean {
  if (!longEnoughToTell(text)) return true;
  const scores = francAll(text, { minLength: 10 });
  if (scores[0]?.[0] === "und") return true;
  return (scores.find(([code]) => code === "eng")?.[1] ?? 0) >= margin;
}
