import { insertSynthesisDocument } from "@parley/db/queries/evidence";
import { finalIfRefused, runSynthesis } from "../../services/evidence";
import { defineJob } from "../define";
import type { EvidenceJobInput } from "../queue";
import { projectJobOptions, projectRun } from "./evidence-project";

/**
 * "Summarize Interviews": extraction per interview (map), then themes, conflicts and the summary
 * (reduce). Nothing is written until the end, in one transaction: a failed job leaves the previous
 * summary as it was.
 */
export const evidenceSynthesis = defineJob({
  kind: "evidence.synthesis",
  ...projectJobOptions,
  async run({ services, progress, signal }, input: EvidenceJobInput) {
    const { project, run } = await projectRun({ services, progress, signal }, input);
    const { synthesis, interviewIds, notices } = await runSynthesis(run, project.title).catch(finalIfRefused);
    const { themes, conflicts, openQuestions, summary } = synthesis;
    const doc = await services.db.transaction().execute((trx) =>
      insertSynthesisDocument(trx, {
        projectId: project.id,
        title: `${project.title} - Summary`,
        summary,
        interviewIds,
        // The notices travel with the synthesis, so the summary card can say what it could not read.
        synthesis: { themes, conflicts, openQuestions, notices },
      }),
    );
    return { documentId: doc.id, summary, themes, conflicts, notices };
  },
});
