import { AppError } from "../errors";
import { body, type RestRequest, type RestRoute } from "./types";

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
  {
    method: "POST",
    path: "/api/ai/response",
    call: (c, req) => c.ai.interviewResponse(body(req) as never),
  },
  {
    method: "POST",
    path: "/api/ai/generate-documentation",
    call: (c, req) => c.ai.generateDocumentation(body(req) as never),
  },
  {
    method: "POST",
    path: "/api/ai/generate-agile-requirements",
    call: async (c, req) => {
      const { requirements } = await c.ai.generateRequirements(body(req) as never);
      return { requirements };
    },
  },
  {
    method: "POST",
    path: "/api/ai/generate-replit-prompt",
    call: (c, req) => c.ai.generatePrompt(body(req) as never),
  },
  {
    method: "POST",
    path: "/api/ai/generate-optimized-replit-prompt",
    call: (c, req) => c.ai.generateOptimizedPrompt(body(req) as never),
  },
  {
    method: "POST",
    path: "/api/ai/transcribe",
    bodyLimit: AUDIO_LIMIT,
    multipart: true,
    call: async (c, req) => c.ai.transcribe((await transcribeInput(req)) as never),
  },
  {
    method: "POST",
    path: "/api/ai/tts",
    contentType: "audio/mpeg",
    call: async (c, req) => {
      const fields = body(req);
      const { audio } = await c.ai.tts({
        text: fields.text as never,
        interviewId: (fields.interviewId ?? (Number(req.headers?.["x-interview-id"]) || undefined)) as never,
      });
      return audio;
    },
  },
  {
    method: "POST",
    path: "/api/ai/analyze-image",
    bodyLimit: IMAGE_LIMIT,
    call: (c, req) => c.ai.analyzeImage(body(req) as never),
  },
];
