import { z } from "zod";
import { isBase64From, storableText, ZId } from "./common";
import { ZInterviewStatus, ZStakeholderType } from "./project";

export const MAX_MESSAGES = 1000;
export const MAX_TEXT = 20_000;
/** An image travels as a data URL: 10 MB of image is about 13.4 MB of base64. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
const MAX_DATA_URL = Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 100;

/** An image in a message is the address it is served at (issue 12): pictures are uploaded apart. */
const MAX_IMAGE_REF = 2000;

export const ZMessage = z.object({
  role: z.enum(["ai", "user"], { error: "Message role must be 'ai' or 'user'" }),
  content: storableText({ error: "Message content must be text" }).max(MAX_TEXT, "Message is too long"),
  timestamp: storableText().max(40).optional(),
  type: z.literal("image").optional(),
  description: storableText().max(MAX_TEXT).optional(),
  imageId: ZId.optional(),
  // Older image messages carry the picture and its analysis under these names (spec 2 §3).
  imageData: storableText().max(MAX_IMAGE_REF, "Images are added as visual notes").optional(),
  image: storableText().max(MAX_IMAGE_REF, "Images are added as visual notes").optional(),
  analysis: storableText().max(MAX_TEXT).optional(),
  /**
   * The turn of the record this message is, as every message the server answers names it: only a
   * message that names its turn can change that turn's words (issue 35).
   */
  turnId: ZId.optional(),
});
export type Message = z.infer<typeof ZMessage>;

export const ZMessages = z
  .array(ZMessage, { error: "messages must be a list" })
  .max(MAX_MESSAGES, `A conversation holds at most ${MAX_MESSAGES} messages`);

/** A message as stored: conversations saved before today's limits may hold longer texts. */
const ZStoredMessage = z.object({
  role: z.enum(["ai", "user"]),
  content: z.string(),
  timestamp: z.string().optional(),
  type: z.literal("image").optional(),
  description: z.string().optional(),
  imageId: z.number().int().optional(),
  imageData: z.string().optional(),
  image: z.string().optional(),
  analysis: z.string().optional(),
  /** The turn of the record this message is (issue 23), and its first words when it was revised. */
  turnId: z.number().int().optional(),
  original: z.string().optional(),
  revisedBy: z.enum(["participant", "owner"]).optional(),
});

export const ZConversation = z.object({
  id: z.number(),
  interviewId: z.number(),
  messages: z.array(ZStoredMessage),
  /** Changes whenever what the conversation reads changes (the REST door's ETag, issue 35). */
  version: z.string(),
});

export const ZTranscript = z.object({
  id: z.number(),
  interviewId: z.number(),
  content: z.string(),
  corrected: z.boolean(),
  additionalFeedback: z.string().nullable(),
});

export const ZTranscriptText = storableText({ error: "Transcript content is required" }).max(
  500_000,
  "Transcript is too long",
);

export const ZShareInterview = z.object({
  interview: z.object({
    id: z.number(),
    name: z.string(),
    stakeholderType: ZStakeholderType,
    status: ZInterviewStatus,
    notes: z.string().nullable(),
    startedAt: z.string().nullable(),
    completedAt: z.string().nullable(),
    timeLimitMinutes: z.number(),
  }),
  project: z.object({
    title: z.string(),
    objective: z.string().nullable(),
    targetAudience: z.string().nullable(),
    /** Who is asking: the owner's first and last name, or null when they gave none (never the email). */
    ownerName: z.string().nullable(),
    /** How long the raw conversation is kept, in days (issue 26); null: until the owner deletes it. */
    retentionDays: z.number().int().nullable(),
  }),
  conversation: ZConversation.nullable(),
  images: z.array(z.object({ id: z.number(), url: z.string(), description: z.string().nullable() })),
  /** What the server can do in a voice interview, so the welcome can say what voice can do here. */
  voice: z.object({ transcribe: z.boolean(), speak: z.boolean() }),
});

export const ZImage = z.object({ id: z.number(), url: z.string(), description: z.string().nullable() });

/** "data:image/png;base64,": the head of an image's data URL, read from its first characters. */
const IMAGE_DATA_URL_HEAD = /^data:image\/[a-z0-9.+-]+;base64,/i;

export const ZDataUrlImage = storableText({ error: "Image is required" })
  .max(MAX_DATA_URL, "Images must be at most 10 MB")
  .refine((url) => {
    const head = IMAGE_DATA_URL_HEAD.exec(url.slice(0, 200));
    return head !== null && isBase64From(url, head[0].length, true);
  }, "Only image files can be uploaded");

export { ZId };

/**
 * How /api/ai/tts sends speech: MP3, or raw PCM as OpenAI's speech API sends it (24 kHz, 16-bit
 * signed little-endian, mono, no header), for a page that plays it on its AudioContext.
 */
export const ZSpeechFormat = z.enum(["mp3", "pcm"], { error: 'Format must be "mp3" or "pcm"' });
export type SpeechFormat = z.infer<typeof ZSpeechFormat>;
export const SPEECH_CONTENT_TYPES: Record<SpeechFormat, string> = { mp3: "audio/mpeg", pcm: "audio/pcm" };
