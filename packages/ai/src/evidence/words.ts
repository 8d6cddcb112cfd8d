/** Word-level helpers shared by extraction, synthesis and requirements. */

const STOPWORDS = new Set(
  "a an the and or but if then so to of in on at for with by from as is are was were be been being it its this that these those i we you they he she me us my our your their them his her do does did doing have has had not no yes can could would should will shall may might must just very really also there here what which who whom how when where why about into than too more most some any all each every one ours own get got gets getting make makes made let lets want wants wanted need needs needed like able use used using thing things stuff lot lots way kind sort people person someone somebody everyone everything something anything nothing time day today always never again twice once don't doesn't didn't can't cannot won't isn't aren't wasn't shouldn't mustn't i'm i'd i'll we're we'd they're it's that's there's without actually basically probably maybe think know see going go goes come comes really still even only much many well back".split(
    " ",
  ),
);

/** Words without punctuation, lower case, apostrophes kept. */
export function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/[^\p{L}\p{N}\s'-]/gu, " ")
    .split(/\s+/)
    .map((w) => w.replace(/^['-]+|['-]+$/g, ""))
    .filter(Boolean);
}

/** A crude stem: plural and possessive endings off, so "passwords" meets "password". */
export function stem(word: string): string {
  let w = word.replace(/'s$/, "");
  if (w.length > 4 && w.endsWith("ies")) w = `${w.slice(0, -3)}y`;
  else if (w.length > 4 && /(?:ches|shes|sses|xes)$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith("s") && !/(?:ss|us|is)$/.test(w)) w = w.slice(0, -1);
  return w;
}

/** Content words, stemmed, in order. */
export function contentWords(text: string): string[] {
  return words(text)
    .filter((w) => w.length > 2 && !STOPWORDS.has(w) && !/^\d+$/.test(w))
    .map(stem);
}

export const isStopword = (word: string) => STOPWORDS.has(word.toLowerCase());

export function capitalise(text: string): string {
  return text ? text[0]!.toUpperCase() + text.slice(1) : text;
}

/** Collapses whitespace and trims trailing punctuation. */
export function clean(text: string): string {
  return text
    .replace(/\s+/g, " ")
    .replace(/[\s.,;:!?]+$/, "")
    .trim();
}

/** "patients" → "patient", for personas named by the participant. */
export function singular(noun: string): string {
  const n = noun.toLowerCase();
  if (/(?:ies)$/.test(n)) return `${n.slice(0, -3)}y`;
  if (/(?:ches|shes|sses|xes)$/.test(n)) return n.slice(0, -2);
  if (n.endsWith("s") && !/(?:ss|us|is)$/.test(n)) return n.slice(0, -1);
  return n;
}

/** "a dispatcher", "an operations manager". */
export const a = (noun: string) => `${/^(?:[aeio]|u(?!s|ni|r|ti))/i.test(noun.trim()) ? "an" : "a"} ${noun}`;

/**
 * "I need my routes" → "they need their routes": first person out, so criteria read as checks
 * anyone can run. `persona` names the speaker where a subject must be explicit.
 */
export function thirdPerson(text: string, _persona?: string): string {
  return text
    .replace(/\bI am\b/g, "they are")
    .replace(/\bI'm\b/g, "they're")
    .replace(/\bI've\b/g, "they've")
    .replace(/\bI'll\b/g, "they'll")
    .replace(/\bI\b/g, "they")
    .replace(/\bme\b/g, "them")
    .replace(/\bmyself\b/gi, "themselves")
    .replace(/\bmy\b/gi, "their")
    .replace(/\bwe're\b/gi, "the team is")
    .replace(/\bwe\b/gi, "the team")
    .replace(/\bour\b/gi, "the team's")
    .replace(/\bus\b/g, "the team");
}
