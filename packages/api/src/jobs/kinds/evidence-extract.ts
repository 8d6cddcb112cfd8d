import { finalIfRefused, projectExtractions } from "../../services/evidence";
import { defineJob } from "../define";
import type { ExtractInput } from "../queue";
import { projectRun } from "./evidence-project";

/**
 * One interview read for what matters (needs, pains, constraints… each with its polarity, quote
 * and turn), queued when the interview completes and on demand; syntheses reuse what it keeps.
 */
export const evidenceExtract = defineJob({
  kind: "evidence.extract",
  singletonKey: (input: ExtractInput) => `interview:${input.interviewId}`,
  retryLimit: 2,
  retryDelaySeconds: 5,
  expireInSeconds: 300,
  async run({ services, progress, signal }, input: ExtractInput) {
    const { run } = await projectRun({ services, progress, signal }, input);
    const { extractions } = await projectExtractions(run, {
      component: "summary_agent",
      operation: "extraction",
      totalSteps: 0,
      interviewIds: [input.interviewId],
    }).catch(finalIfRefused);
    const items = extractions[0]?.items ?? [];
    return {
      interviewId: input.interviewId,
      items: items.length,
      language: extractions[0]?.language ?? "en",
    };
  },
});
