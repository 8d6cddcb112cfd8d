import { insertChatExchange, listChatMessages } from "@parley/db/queries/chat";
import { getProjectText } from "@parley/db/queries/projects";
import { z } from "zod";
import type { Context } from "../context";
import { AppError, notFound } from "../errors";
import { storableText, ZId } from "../schemas/common";
import { requireReadableProject } from "../services/access";
import { evidenceContext, withEvidence } from "../services/evidence-context";
import { authedProcedure, checked, creatorProcedure } from "../trpc";

const ZChatMessage = z.object({
  id: z.number(),
  role: z.enum(["user", "ai"]),
  content: z.string(),
  timestamp: z.string(),
});

const ZSendInput = z.object({
  projectId: ZId,
  message: storableText({ error: "Message is required" })
    .trim()
    .min(1, "Message is required")
    .max(10_000, "Message is too long"),
  summary: storableText().max(500_000, "Summary is too long").nullish(),
});

async function history(ctx: Context, projectId: number) {
  const rows = await listChatMessages(ctx.db, projectId);
  return rows.map((r) => ({
    id: r.id,
    role: r.role,
    content: r.content,
    timestamp: new Date(r.created_at).toISOString(),
  }));
}

/** Streams the partner's reply and stores both messages once the reply is complete. */
async function* converse(
  ctx: Context & { user: { id: string } },
  input: z.infer<typeof ZSendInput>,
  signal?: AbortSignal,
) {
  const project = await getProjectText(ctx.db, { userId: ctx.user.id, id: input.projectId });
  if (!project) throw notFound("Project");
  const [past, evidence] = await Promise.all([
    history(ctx, input.projectId),
    evidenceContext(ctx.db, input.projectId),
  ]);
  let reply = "";
  for await (const chunk of ctx.ai.partnerReply({
    message: input.message,
    // Themes, conflicts and quotes with their interviews beside the summary, so answers cite them.
    summary: withEvidence(input.summary?.trim() ? input.summary : project.summary, evidence),
    history: past,
    billTo: { userId: ctx.user.id, projectId: input.projectId },
    signal,
  })) {
    reply += chunk;
    yield chunk;
  }
  if (!reply.trim()) throw new AppError("BAD_GATEWAY", "Failed to send message. Please try again.");
  await insertChatExchange(ctx.db, input.projectId, { message: input.message, reply: reply.trim() });
}

export const chatRouter = {
  history: authedProcedure
    .input(z.object({ projectId: ZId }))
    .output(checked(z.array(ZChatMessage)))
    .query(async ({ ctx, input }) => {
      await requireReadableProject(ctx, input.projectId);
      return history(ctx, input.projectId);
    }),

  send: creatorProcedure
    .input(ZSendInput)
    .output(checked(z.object({ response: z.string() })))
    .mutation(async ({ ctx, input }) => {
      let response = "";
      for await (const chunk of converse(ctx, input)) response += chunk;
      return { response: response.trim() };
    }),

  sendStream: creatorProcedure.input(ZSendInput).mutation(async function* ({ ctx, input, signal }) {
    // The signal ends the model's stream when the browser goes away; the call is metered anyway.
    yield* converse(ctx, input, signal);
  }),
};
