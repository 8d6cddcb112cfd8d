import { isTranscribableType } from "@parley/ai/audioFormat";
import { hasSpeechData } from "@parley/ai/speech";
import { setImageDescription } from "@parley/db/queries/participant";
import { getProject } from "@parley/db/queries/projects";
import { z } from "zod";
import type { Context } from "../context";
import { AppError, notFound } from "../errors";
import { decodeImage, participantProcedure, requireInterviewAccess } from "../participant";
import { storableText, ZId } from "../schemas/common";
import { MAX_IMAGE_BYTES, MAX_TEXT, SPEECH_CONTENT_TYPES, ZSpeechFormat } from "../schemas/participant";
import {
  allowInterviewAi,
  billInterview,
  interviewTurn,
  participantCall,
  ZInterviewTurnInput,
} from "../services/interview-turn";
import { voiceTurn } from "../services/voice-turn";
import { checked, creatorProcedure, publicProcedure } from "../trpc";

const MAX_AUDIO_BYTES = 25 * 1024 * 1024;
const MAX_TRANSCRIPTS = 50;
const MAX_TRANSCRIPT = 200_000;

const text = (max: number, name: string) =>
  storableText({ error: `${name} must be text` }).max(max, `${name} is too long`);

import { noteProject } from "../services/disclosure";

async function requireOwnedProject(
  ctx: Context & { user: { id: string } },
  projectId: number | null | undefined,
) {
  if (!projectId) return;
  const project = await getProject(ctx.db, { userId: ctx.user.id, id: projectId });
  if (!project) throw notFound("Project");
  noteProject(ctx, project);
}

/** A recording as the transcription procedures take it: bytes, or base64 from a JSON client. */
const ZAudio = z.union(
  [z.instanceof(Uint8Array), storableText().max(Math.ceil((MAX_AUDIO_BYTES * 4) / 3) + 16)],
  { error: "Audio is required" },
);

/** The recording's bytes, refused as the spec says when too large or not audio. */
function recordingOf(input: { audio: Uint8Array | string; mimeType: string }): Buffer {
  const audio =
    typeof input.audio === "string" ? Buffer.from(input.audio, "base64") : Buffer.from(input.audio);
  if (audio.length > MAX_AUDIO_BYTES) throw new AppError("PAYLOAD_TOO_LARGE", "Audio must be at most 25 MB");
  if (!isTranscribableType(input.mimeType)) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Only audio can be transcribed");
  }
  return audio;
}

const ZTranscripts = z
  .array(text(MAX_TRANSCRIPT, "Transcript"), { error: "transcripts must be a list of texts" })
  .max(MAX_TRANSCRIPTS, `At most ${MAX_TRANSCRIPTS} transcripts at a time`);
const ZTitle = storableText({ error: "Title is required" }).trim().min(1, "Title is required").max(300);

export const aiRouter = {
  interviewResponse: participantProcedure
    .input(ZInterviewTurnInput)
    .output(checked(z.object({ response: z.string(), final: z.boolean() })))
    .mutation(async ({ ctx, input }) => {
      const turn = await interviewTurn(ctx, input);
      let response = "";
      for await (const chunk of turn.stream) response += chunk;
      return { response: response.trim(), final: turn.final };
    }),

  /**
   * The same turn, streamed: the web shows the reply as it is generated. With `trailer: true` the
   * stream ends with `{ final, turnId }`; without it, only text (the web client before issue 14).
   */
  interviewResponseStream: participantProcedure
    .input(ZInterviewTurnInput.extend({ trailer: z.boolean().optional() }))
    .mutation(async function* ({
      ctx,
      input,
      signal,
    }): AsyncGenerator<string | { final: boolean; turnId: number | null }> {
      // The signal ends the model's stream when the browser goes away; the call is metered anyway.
      const turn = await interviewTurn(ctx, input, signal);
      for await (const chunk of turn.stream) yield chunk;
      if (input.trailer) yield { final: turn.final, turnId: turn.turn.id };
    }),

  generateDocumentation: creatorProcedure
    .input(z.object({ transcripts: ZTranscripts, title: ZTitle, projectId: ZId.nullish() }))
    .output(checked(z.object({ documentation: z.string() })))
    .mutation(async ({ ctx, input }) => {
      await requireOwnedProject(ctx, input.projectId);
      const transcripts = input.transcripts.filter((t) => t.trim());
      if (!transcripts.length) {
        throw new AppError(
          "BAD_REQUEST",
          "Could not find any transcript or conversation content in the selected interviews",
        );
      }
      const documentation = await ctx.ai.summarize({
        transcripts,
        title: input.title,
        billTo: { userId: ctx.user.id, projectId: input.projectId ?? null },
      });
      if (!documentation.trim())
        throw new AppError("BAD_GATEWAY", "Server returned an empty documentation response");
      return { documentation };
    }),

  generateRequirements: creatorProcedure
    .input(
      z.object({
        transcripts: ZTranscripts.default([]),
        title: ZTitle,
        content: text(500_000, "Summary").nullish(),
        existingRequirements: text(500_000, "Existing requirements").nullish(),
        isRefresh: z.boolean().default(false),
        projectId: ZId.nullish(),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      await requireOwnedProject(ctx, input.projectId);
      if (!input.content?.trim() && !input.transcripts.some((t) => t.trim())) {
        throw new AppError("BAD_REQUEST", "No summary available");
      }
      const { tree, markdown } = await ctx.ai.requirements({
        ...input,
        billTo: { userId: ctx.user.id, projectId: input.projectId ?? null },
      });
      // Nothing in the input reads as a requirement: the input's fault (422), not the AI service's.
      if (!tree.epics.length)
        throw new AppError("UNPROCESSABLE_CONTENT", "Failed to generate requirements structure");
      return { requirements: markdown, tree };
    }),

  generatePrompt: creatorProcedure
    .input(
      z.object({ documentation: text(500_000, "Documentation"), title: ZTitle, projectId: ZId.nullish() }),
    )
    .output(checked(z.object({ content: z.string() })))
    .mutation(async ({ ctx, input }) => {
      await requireOwnedProject(ctx, input.projectId);
      if (!input.documentation.trim())
        throw new AppError("BAD_REQUEST", "No requirements or summary available");
      const content = await ctx.ai.buildPrompt({
        title: input.title,
        documentation: input.documentation,
        billTo: { userId: ctx.user.id, projectId: input.projectId ?? null },
      });
      return { content };
    }),

  generateOptimizedPrompt: creatorProcedure
    .input(
      z.object({
        requirements: text(500_000, "Requirements").nullish(),
        documentation: text(500_000, "Summary").nullish(),
        title: ZTitle,
        projectObjective: text(5000, "Objective").nullish(),
        targetAudience: text(2000, "Target audience").nullish(),
        projectId: ZId.nullish(),
      }),
    )
    .output(checked(z.object({ content: z.string() })))
    .mutation(async ({ ctx, input }) => {
      await requireOwnedProject(ctx, input.projectId);
      if (!input.requirements?.trim() && !input.documentation?.trim()) {
        throw new AppError("BAD_REQUEST", "No requirements or summary available");
      }
      const content = await ctx.ai.buildPrompt({
        title: input.title,
        objective: input.projectObjective,
        targetAudience: input.targetAudience,
        requirements: input.requirements,
        documentation: input.documentation,
        billTo: { userId: ctx.user.id, projectId: input.projectId ?? null },
      });
      return { content };
    }),

  transcribe: participantProcedure
    .input(z.object({ audio: ZAudio, mimeType: storableText().max(100).default("audio/webm") }))
    .output(checked(z.object({ text: z.string() })))
    .mutation(async ({ ctx, input }) => {
      await allowInterviewAi(ctx, ctx.interview, "transcription");
      const audio = recordingOf(input);
      if (!hasSpeechData(audio.length)) return { text: "" }; // under 100 characters of data: no speech
      const text = await participantCall(ctx.interview, () =>
        ctx.ai.transcribe({ audio, mimeType: input.mimeType, billTo: billInterview(ctx.interview) }),
      );
      return { text };
    }),

  /**
   * A recording transcribed and, when the words are the participant's whole answer, answered in the
   * same request (issue 34; services/voice-turn.ts): `{ text, turn }` first, then as
   * interviewResponseStream with its trailer, or `{ error }` if the turn was refused. `held` and
   * `heldPieces`: the words the page holds of an answer said in pieces (the transcript goes on them).
   */
  voiceTurn: participantProcedure
    .input(
      z.object({
        audio: ZAudio,
        mimeType: storableText().max(100).default("audio/webm"),
        answerId: storableText().trim().min(8, "Answer id is too short").max(100, "Answer id is too long"),
        held: text(MAX_TEXT, "Held words").default(""),
        heldPieces: z.coerce.number().int().min(0).max(20).default(0),
        notesContext: text(MAX_TEXT, "Notes").nullish(),
        imageContext: text(MAX_TEXT, "Image context").nullish(),
      }),
    )
    .mutation(async function* ({ ctx, input, signal }) {
      const audio = recordingOf(input);
      // Under 100 characters of data: no speech, and nothing to prepare.
      if (!hasSpeechData(audio.length)) {
        await allowInterviewAi(ctx, ctx.interview, "transcription");
        yield { text: "", turn: false };
        return;
      }
      yield* voiceTurn(ctx, { ...input, audio }, signal);
    }),

  /**
   * Speech for a participant (with the interview's grant) or a signed-in user. The audio is the
   * provider's stream, passed through as it arrives (REST answers it with its content type): MP3,
   * or raw PCM (24 kHz, 16-bit little-endian, mono) for a page that plays it on an AudioContext.
   */
  tts: publicProcedure
    .input(
      z.object({
        text: z
          .string({ error: "Text is required" })
          .trim()
          .min(1, "Text is required")
          .max(4000, "Text is too long"),
        interviewId: ZId.nullish(),
        format: ZSpeechFormat.default("mp3"),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const { text, format } = input;
      const contentType = SPEECH_CONTENT_TYPES[format];
      if (input.interviewId) {
        const interview = await requireInterviewAccess(ctx, input.interviewId);
        await allowInterviewAi(ctx, interview, "speech");
        const audio = await participantCall(interview, () =>
          ctx.ai.speak({ text, format, billTo: billInterview(interview) }),
        );
        return { audio, contentType };
      }
      if (!ctx.user) throw new AppError("UNAUTHORIZED", "Sign in or open an interview link to use speech");
      const audio = await ctx.ai.speak({ text, format, billTo: { userId: ctx.user.id } });
      return { audio, contentType };
    }),

  analyzeImage: participantProcedure
    .input(
      z.object({
        base64Image: z
          .string({ error: "Image is required" })
          .min(1, "Image is required")
          .max(Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 200, "Images must be at most 10 MB"),
        context: text(MAX_TEXT, "Context").nullish(),
        imageId: ZId.nullish(),
      }),
    )
    .output(checked(z.object({ description: z.string() })))
    .mutation(async ({ ctx, input }) => {
      await allowInterviewAi(ctx, ctx.interview, "image");
      const { base64, mimeType } = decodeImage(
        input.base64Image,
        MAX_IMAGE_BYTES,
        "Images must be at most 10 MB",
      );
      const description = await participantCall(ctx.interview, () =>
        ctx.ai.describeImage({
          base64,
          mimeType,
          context: input.context,
          billTo: billInterview(ctx.interview),
        }),
      );
      if (input.imageId) await setImageDescription(ctx.db, ctx.interview.id, input.imageId, description);
      return { description };
    }),

  /** Which provider answers, so the web can say when it is the offline assistant. */
  status: publicProcedure
    .output(checked(z.object({ provider: z.enum(["offline", "openai"]), speech: z.boolean() })))
    .query(({ ctx }) => ({ provider: ctx.ai.provider, speech: ctx.ai.provider === "openai" })),
};
