import { parseRequirements, renderRequirements } from "@parley/ai/requirements/markdown";
import type { RequirementsTree } from "@parley/ai/requirements/types";
import type { Db } from "@parley/db/client";
import { addDismissals, loadTree, replaceTree } from "@parley/db/queries/requirements";
import { removedItems, storedAsInput } from "./evidence-tree";

export async function loadRequirements(db: Db, projectId: number) {
  const epics = await loadTree(db, projectId);
  return { epics, text: renderRequirements({ epics }) };
}

/** Parses the text into rows (replacing the project's tree) and answers the text rendered from them. */
export async function saveRequirementsText(db: Db, projectId: number, text: string): Promise<string> {
  return saveRequirementsTree(db, projectId, parseRequirements(text));
}

export async function saveRequirementsTree(
  db: Db,
  projectId: number,
  tree: RequirementsTree,
): Promise<string> {
  await replaceTree(db, projectId, tree);
  return renderRequirements(tree);
}

/**
 * Runs an owner's change to the tree (inside the caller's transaction) and records what it took
 * out, so that a refresh from the interviews does not bring it back.
 */
export async function recordingRemovals<T>(db: Db, projectId: number, change: () => Promise<T>): Promise<T> {
  const before = storedAsInput(await loadTree(db, projectId));
  const result = await change();
  const after = storedAsInput(await loadTree(db, projectId));
  await addDismissals(db, projectId, removedItems(before, after));
  return result;
}
