/**
 * The participant's rights (issue 26). The thank-you page gives the participant a private link to
 * see what they said and delete it. The link is bound to its interview, only its SHA-256 is kept,
 * and it works once: deleting clears it with the raw record. Until the owner has used the interview
 * in a document, deleting leaves nothing of it; after that the documents keep what they were
 * written from, with placeholders only. Either way the owner is told by email.
 */
import { listInterviewDetails } from "@parley/db/queries/personal-details";
import * as raw from "@parley/db/queries/raw-record";
import { listRecord } from "@parley/db/queries/turns";
import type { Context } from "../context";
import { AppError } from "../errors";
import { generateToken, hashToken } from "./tokens";

/** The private link's path: the key rides in the fragment, which browsers never send to a server. */
export const privateLinkPath = (interviewId: number, key: string) => `/my-answers/${interviewId}#${key}`;

export const PRIVATE_LINK_GIVEN =
  "Your private link was already given on the thank-you page. Use that link to see or delete your answers.";

/** The participant's private link, made once per interview; null when it was made already. */
export async function issuePrivateLink(ctx: Pick<Context, "db" | "config">, interviewId: number) {
  const key = generateToken();
  if (!(await raw.setParticipantLink(ctx.db, interviewId, hashToken(key)))) return null;
  return { key, url: `${ctx.config.appOrigin}${privateLinkPath(interviewId, key)}` };
}

export const LINK_NOT_VALID = "This link is not valid, or what it opened has been deleted.";

async function openLink(ctx: Pick<Context, "db">, interviewId: number, key: string) {
  const interview = await raw.findByParticipantLink(ctx.db, interviewId, hashToken(key));
  if (!interview) throw new AppError("NOT_FOUND", LINK_NOT_VALID);
  return interview;
}

/** What the participant said, as kept, with the personal details the interview mentioned. */
export async function readOwnAnswers(ctx: Pick<Context, "db">, interviewId: number, key: string) {
  const interview = await openLink(ctx, interviewId, key);
  const [turns, details, used] = await Promise.all([
    listRecord(ctx.db, interviewId),
    listInterviewDetails(ctx.db, interviewId),
    raw.usedInDocuments(ctx.db, interviewId),
  ]);
  return {
    projectTitle: interview.projectTitle,
    interviewName: interview.name,
    completedAt: interview.completed_at ? new Date(interview.completed_at).toISOString() : null,
    retentionDays: interview.retention_days,
    usedInDocuments: used,
    messages: turns
      .filter((t) => !t.attachment)
      .map((t) => ({ role: t.role, content: t.content, at: new Date(t.created_at).toISOString() })),
    images: turns.filter((t) => t.attachment).length,
    notes: interview.notes,
    personalDetails: details.length,
  };
}

/** Deletes the raw record for good and tells the owner; a second use of the link finds nothing. */
export async function deleteOwnAnswers(
  ctx: Pick<Context, "db" | "mailer" | "config">,
  interviewId: number,
  key: string,
) {
  const interview = await openLink(ctx, interviewId, key);
  const used = await raw.usedInDocuments(ctx.db, interviewId);
  if (!(await raw.deleteRawRecord(ctx.db, interviewId, "participant"))) {
    throw new AppError("NOT_FOUND", LINK_NOT_VALID);
  }
  await ctx.mailer.enqueue({
    to: interview.ownerEmail,
    subject: `A participant deleted their answers: ${interview.name}`,
    text: [
      `Hello${interview.ownerFirstName ? ` ${interview.ownerFirstName}` : ""},`,
      "",
      `The participant of the interview "${interview.name}" (project "${interview.projectTitle}") used their private link to delete what they said.`,
      used
        ? "Their words, notes, images and personal details are deleted from the interview. The documents you already made from it stay, with placeholders in place of personal details."
        : "Their words, notes, images and personal details are deleted from the interview.",
      "",
      `${ctx.config.appOrigin}/interviews/${interviewId}`,
    ].join("\n"),
  });
  return { deleted: true as const, usedInDocuments: used };
}
