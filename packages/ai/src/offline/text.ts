/** Small text tools for the offline provider: deterministic, no models. */

const STOPWORDS = new Set(
  "a an the and or but if then so to of in on at for with by from as is are was were be been being it its this that these those i we you they he she me us my our your their them do does did have has had not no yes can could would should will just very really also there here what which who whom how when where why about into than too more most some any all each every one our ours".split(
    " ",
  ),
);

export function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s'-]/gu, " ")
    .split(/\s+/)
    .filter(Boolean);
}

export function keywords(text: string): string[] {
  return words(text).filter((w) => w.length > 2 && !STOPWORDS.has(w));
}

/** Sentences, keeping the original characters so quotes stay verbatim. */
export function sentences(text: string): string[] {
  return (text.match(/[^.!?\n]+[.!?]*/g) ?? []).map((s) => s.trim()).filter((s) => s.length > 0);
}

const SPEAKER = /^\s*(user|participant|interviewee|stakeholder|you|answer|a)\s*:\s*/i;
const INTERVIEWER = /^\s*(ai|assistant|interviewer|agent|parley|q|question)\s*:\s*/i;
const NOTES_START = /^\s*(={10,}|INTERVIEW NOTES)/;

/**
 * What the participant said in a transcript: lines after a participant speaker label. A
 * transcript without labels counts whole (less any interviewer lines and the notes sections).
 */
export function participantStatements(transcript: string): string[] {
  const lines = transcript.replace(/\r\n/g, "\n").split("\n");
  const labelled = lines.some((l) => SPEAKER.test(l) || INTERVIEWER.test(l));
  const out: string[] = [];
  let speaker: "participant" | "interviewer" | "none" = labelled ? "none" : "participant";
  for (const line of lines) {
    if (NOTES_START.test(line)) break;
    if (SPEAKER.test(line)) {
      speaker = "participant";
      const rest = line.replace(SPEAKER, "").trim();
      if (rest) out.push(...sentences(rest));
    } else if (INTERVIEWER.test(line)) {
      speaker = "interviewer";
    } else if (speaker === "participant" && line.trim()) {
      out.push(...sentences(line.trim()));
    }
  }
  return out;
}

/** A stable small hash, to vary wording deterministically. */
export function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

export function capitalise(text: string): string {
  return text ? text[0]!.toUpperCase() + text.slice(1) : text;
}

export function titleCase(text: string): string {
  return text
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => (STOPWORDS.has(w.toLowerCase()) ? w.toLowerCase() : capitalise(w)))
    .join(" ")
    .replace(/^./, (c) => c.toUpperCase());
}

/** Collapses whitespace and trims trailing punctuation. */
export function clean(text: string): string {
  return text
    .replace(/\s+/g, " ")
    .replace(/[\s.,;:!?]+$/, "")
    .trim();
}

export const CATEGORIES = {
  pain: /\b(problem|hard|slow|frustrat\w*|annoy\w*|difficult|manual\w*|by hand|waste\w*|error\w*|mistake\w*|can't|cannot|struggle\w*|pain|broken|confus\w*|late|forget|forgot|lost|delay\w*|tedious|hate)\b/i,
  need: /\b(need|needs|want|wants|wish|would like|would love|i'd love|should|must|have to|has to|expect|hope|it would be great|would help|looking for)\b/i,
  process:
    /\b(currently|today|right now|usually|every (day|morning|week|month)|we use|i use|at the moment|spreadsheet|excel|email|paper|whiteboard)\b/i,
  goal: /\b(goal|success|measure|metric|kpi|so that|in order to|target|aim|reduce|increase|save|faster|fewer)\b/i,
} as const;

export type Category = keyof typeof CATEGORIES;

export function categorise(sentence: string): Category[] {
  return (Object.keys(CATEGORIES) as Category[]).filter((c) => CATEGORIES[c].test(sentence));
}
