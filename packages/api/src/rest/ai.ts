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
