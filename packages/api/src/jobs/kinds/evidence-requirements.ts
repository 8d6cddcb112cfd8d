import * as docs from "@parley/db/queries/documents";
import { clearDismissals, listDismissals, loadTree, replaceTree } from "@parley/db/queries/requirements";
import { finalIfRefused, runRequirements } from "../../services/evidence";
import { asEvidenceTree, mergeGenerated, treeMarkdown } from "../../services/evidence-tree";
import { defineJob } from "../define";
import type { EvidenceJobInput } from "../queue";
import { projectJobOptions, projectRun } from "./evidence-project";

/**
 * "Generate Requirements": the tree with evidence from the interviews, merged into the stored tree
 * (the owner's edits kept, and what they deleted left out) and saved as its rows and a new active version, in one transaction at
 * the end, so a failed job leaves the previous tree as it was.
 */
export const evidenceRequirements = defineJob({
  kind: "evidence.requirements",
  ...projectJobOptions,
  async run({ services, progress, signal }, input: EvidenceJobInput) {
    const { project, run } = await projectRun({ services, progress, signal }, input);
    const {
      tree: generated,
      quality,
      notices,
    } = await runRequirements(run, project.title).catch(finalIfRefused);
    return services.db.transaction().execute(async (trx) => {
      // Deleted items stay deleted; an empty tree starts over (the owner cleared it to begin again).
      const stored = await loadTree(trx, project.id);
      if (!stored.length) await clearDismissals(trx, project.id);
      const dismissals = stored.length ? await listDismissals(trx, project.id) : [];
      const merged = mergeGenerated(stored, generated, dismissals);
      await replaceTree(trx, project.id, merged);
      const doc = await docs.insertDocument(trx, {
        projectId: project.id,
        kind: "requirements",
        title: `${project.title} - Requirements`,
        content: treeMarkdown(merged),
        interviewIds: [],
        status: "completed",
      });
      await docs.activateDocument(trx, doc);
      // The gate's report and the notices (interviews the offline rules could not read) beside the tree.
      return { documentId: doc.id, ...asEvidenceTree(merged), quality, notices };
    });
  },
});
