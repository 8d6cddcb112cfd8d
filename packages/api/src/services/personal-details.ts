import { findDetails } from "@parley/ai/privacy/detect";
import { DETAIL_KINDS, placeholderOf } from "@parley/ai/privacy/placeholders";
import type { Db } from "@parley/db/client";
import { listInterviewDetails } from "@parley/db/queries/personal-details";
import { listRecord } from "@parley/db/queries/turns";
import { z } from "zod";

export const ZPersonalDetails = z.object({
  details: z.array(
    z.object({
      kind: z.enum(DETAIL_KINDS as [string, ...string[]]),
      /** As written in the conversation. */
      text: z.string(),
      placeholder: z.string().nullable(),
    }),
  ),
});

/**
 * The personal details an interview's raw record holds (issue 26): what the detector finds in the
 * participant's words as they read now, and what the project's vault knows the interview mentioned,
 * each once, longest first (so the page marks "John Miller" before "John").
 */
export async function interviewPersonalDetails(db: Db, interviewId: number) {
  const [turns, known] = await Promise.all([
    listRecord(db, interviewId),
    listInterviewDetails(db, interviewId),
  ]);
  const byText = new Map<string, { kind: string; text: string; placeholder: string | null }>();
  for (const detail of known) {
    byText.set(detail.value.toLowerCase(), {
      kind: detail.kind,
      text: detail.value,
      placeholder: placeholderOf(detail),
    });
  }
  for (const turn of turns) {
    if (turn.role !== "user" || turn.attachment) continue;
    for (const found of findDetails(turn.content)) {
      const key = found.text.toLowerCase();
      if (!byText.has(key)) byText.set(key, { kind: found.kind, text: found.text, placeholder: null });
    }
  }
  return [...byText.values()].sort((a, b) => b.text.length - a.text.length);
}
