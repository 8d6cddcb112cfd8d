import { z } from "zod";
import { AppError } from "../errors";
import { SPEECH_CONTENT_TYPES } from "../schemas/participant";
import { body, type RestRequest, type RestRoute, route, StreamResult } from "./types";

/** The documented answer: the requirements as markdown (the tree travels on the tRPC door only). */
const ZRestRequirements = z.object({ requirements: z.string() });

const IMAGE_LIMIT = 15 * 1024 * 1024;
const AUDIO_LIMIT = 36 * 1024 * 1024;

interface MultipartFile {
  type: "file";
  mimetype: string;
  toBuffer(): Promise<Buffer>;
}
interface MultipartField {
  type: "field";
  value: unknown;
}
const isFile = (value: unknown): value is MultipartFile =>
  Boolean(value && typeof value === "object" && (value as MultipartFile).type === "file");
const fieldValue = (value: unknown) =>
  value && typeof value === "object" && (value as MultipartField).type === "field"
    ? (value as MultipartField).value
    : value;

/**
 * POST /api/ai/transcribe takes multipart form data (field `audio`, plus `interviewId`) as the
 * browser's recorder sends it, or JSON { audio: base64, mimeType, interviewId }. The interview may
 * also be named in the X-Interview-Id header.
 */
async function transcribeInput(req: RestRequest) {
  const fields = body(req);
  const interviewId = Number(fieldValue(fields.interviewId) ?? req.headers?.["x-interview-id"] ?? Number.NaN);
  const audio = fields.audio;
  if (isFile(audio)) {
    return {
      interviewId,
      audio: new Uint8Array(await audio.toBuffer()),
      mimeType: audio.mimetype || "audio/webm",
    };
  }
  if (typeof audio !== "string") throw new AppError("BAD_REQUEST", "Audio is required");
  return { interviewId, audio, mimeType: String(fieldValue(fields.mimeType) ?? "audio/webm") };
}

/**
 * POST /api/ai/voice-turn takes the same form as POST /api/ai/transcribe (a file field `audio`, plus
 * `interviewId`), with the answer's id (`answerId`), the words held of an answer said in pieces
 * (`held`, `heldPieces`) and the turn's context (`notesContext`, `imageContext`) as fields.
 */
async function voiceTurnInput(req: RestRequest) {
  const fields = body(req);
  const field = (name: string) => {
    const value = fieldValue(fields[name]);
    return value === undefined || value === null ? undefined : value;
  };
  const recording = await transcribeInput(req);
  return {
    ...recording,
    answerId: field("answerId"),
    held: field("held"),
    heldPieces: field("heldPieces"),
    notesContext: field("notesContext"),
    imageContext: field("imageContext"),
  };
}

/**
 * A procedure's events as newline-delimited JSON, each line sent as it comes. The first is awaited
 * before anything is sent, so a refusal before it (the interview's access, the transcription's
 * rate or its failure) is answered with its status and `{ message }`, as any route's is.
 */
async function eventLines(events: AsyncIterable<unknown>): Promise<StreamResult> {
  const iterator = events[Symbol.asyncIterator]();
  let next: IteratorResult<unknown> | undefined = await iterator.next();
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const item = next ?? (await iterator.next());
      next = undefined;
      if (item.done) controller.close();
      else controller.enqueue(encoder.encode(`${JSON.stringify(item.value)}\n`));
    },
    // The client went away: the turn's stream is ended (its lease and reservation given back).
    async cancel() {
      await iterator.return?.(undefined);
    },
  });
  return new StreamResult(stream, "application/x-ndjson");
}

export const aiRoutes: RestRoute[] = [
  route({
    method: "POST",
    path: "/api/ai/response",
    procedure: "ai.interviewResponse",
    // The new answer's id (issue 23): a repeat with the same key answers what the first answered.
    input: (req) => {
      const key = req.headers?.["idempotency-key"];
      return { ...body(req), ...(typeof key === "string" && key ? { idempotencyKey: key } : {}) };
    },
    doc: {
      body: { omit: ["idempotencyKey"] },
      headers: { "Idempotency-Key": "A repeat with the same key answers what the first call answered." },
    },
  }),
  route({
    method: "POST",
    path: "/api/ai/generate-documentation",
    procedure: "ai.generateDocumentation",
    input: body,
  }),
  route({
    method: "POST",
    path: "/api/ai/generate-agile-requirements",
    procedure: "ai.generateRequirements",
    input: body,
    output: ({ requirements }) => ZRestRequirements.parse({ requirements }),
    doc: { response: ZRestRequirements },
  }),
  route({
    method: "POST",
    path: "/api/ai/generate-replit-prompt",
    procedure: "ai.generatePrompt",
    input: body,
  }),
  route({
    method: "POST",
    path: "/api/ai/generate-optimized-replit-prompt",
    procedure: "ai.generateOptimizedPrompt",
    input: body,
  }),
  {
    method: "POST",
    path: "/api/ai/transcribe",
    bodyLimit: AUDIO_LIMIT,
    multipart: true,
    // The form's file is read before the procedure runs, so this entry awaits its input itself.
    call: async (c, req) => c.ai.transcribe(await transcribeInput(req)),
    procedure: "ai.transcribe",
    doc: {
      body: "input",
      description:
        "Multipart form data (a file field `audio`, plus `interviewId`) as a browser's recorder sends it, or JSON with the audio in base64.",
      headers: { "X-Interview-Id": "The interview, when the body does not name it." },
    },
  },
  {
    method: "POST",
    path: "/api/ai/voice-turn",
    bodyLimit: AUDIO_LIMIT,
    multipart: true,
    // The form's fields are the client's, unchecked: the procedure's schema checks them.
    call: async (c, req) => eventLines(await c.ai.voiceTurn((await voiceTurnInput(req)) as never)),
    procedure: "ai.voiceTurn",
    doc: {
      body: "input",
      description:
        "A participant's recording transcribed and, when it is their whole answer, answered in one request: multipart form data as for /api/ai/transcribe (a file field `audio`, plus `interviewId`, `answerId`, and optionally `held`, `heldPieces`, `notesContext`, `imageContext`), or JSON with the audio in base64. The answer is newline-delimited JSON: first `{ text, turn }` (the transcript, and whether it was taken as the answer: not when nothing was heard or the words wait for more), then, when it was, the reply's text in pieces as it is written (JSON strings) and `{ final, turnId }`, or `{ error: { status, message } }` if the turn was refused. A refused or failed transcription is answered with its status, as /api/ai/transcribe's.",
      headers: { "X-Interview-Id": "The interview, when the body does not name it." },
      response: { binary: ["application/x-ndjson"] },
    },
  },
  route({
    method: "POST",
    path: "/api/ai/tts",
    procedure: "ai.tts",
    input: (req) => ({
      text: body(req).text,
      interviewId: body(req).interviewId ?? (Number(req.headers?.["x-interview-id"]) || undefined),
      format: body(req).format,
    }),
    output: ({ audio, contentType }) => new StreamResult(audio, contentType),
    doc: {
      body: { pick: ["text", "interviewId", "format"] },
      headers: { "X-Interview-Id": "The interview, when the body does not name it." },
      response: { binary: Object.values(SPEECH_CONTENT_TYPES) },
    },
  }),
  route({
    method: "POST",
    path: "/api/ai/analyze-image",
    bodyLimit: IMAGE_LIMIT,
    procedure: "ai.analyzeImage",
    input: body,
  }),
];
