/** The needs the offline draft shows as still to be written as stories, for one interview's words. */
import { analyzeProject } from "../evidence/pipeline";
import type { InterviewSource } from "../evidence/types";
import { TO_WRITE_AS_STORY } from "../requirements/story";

export function toWriteFrom(said: string[], stakeholderType: InterviewSource["stakeholderType"]) {
  const interview: InterviewSource = {
    interviewId: 1,
    name: "Interview 1",
    stakeholderType,
    transcript: said.map((s, i) => `AI: Question ${i + 1}?\nParticipant: ${s}`).join("\n"),
  };
  return analyzeProject([interview])
    .requirements.epics.flatMap((e) => e.features.flatMap((f) => f.stories))
    .filter((s) => s.benefit === TO_WRITE_AS_STORY)
    .map((s) => s.action);
}
