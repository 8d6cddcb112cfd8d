import { analyzeProject } from "../evidence/pipeline";

const OFFLINE_NOTE =
  "_Prepared by Parley's offline assistant: what participants said, organised by theme with their own words. Connect an OpenAI API key for an AI-written analysis._";

/**
 * The documented summary of the transcripts it is given: themes across interviews, conflicts, what
 * was left open and each interview's key statements, all quoted from the participants' own turns.
 */
export function summarizeTranscripts(transcripts: string[], title: string): string {
  const sources = transcripts
    .filter((t) => t.trim())
    .map((transcript, index) => ({
      interviewId: index + 1,
      name: `Interview ${index + 1}`,
      stakeholderType: "user" as const,
      transcript,
    }));
  return analyzeProject(sources, { title, note: OFFLINE_NOTE }).synthesis.summary;
}
