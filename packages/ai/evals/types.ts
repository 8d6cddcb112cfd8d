import type { InterviewSource } from "../src/evidence/types";

export interface EvalProject {
  name: string;
  interviews: InterviewSource[];
  /** Words a good summary mentions (case-insensitive). */
  keyPoints: string[];
  /** Opposite stances planted in two interviews: a found conflict covers both and names or quotes the word. */
  conflicts: Array<{ word: string; interviewIds: [number, number] }>;
  /** Things a participant said they do not want or must never happen: no output may grant them. */
  negations: Array<{ interviewId: number; phrase: string }>;
}
