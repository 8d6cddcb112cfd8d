import { z } from "zod";
import { AppError } from "../errors";
import { ZId } from "../schemas/common";
import { ZConversation, ZMessage, ZShareInterview } from "../schemas/participant";
import { BinaryResult, body, pathId, type RestRequest, type RestRoute, route } from "./types";

/** A conversation save: a 40-minute interview is about 100 kB of text; images travel apart. */
const CONVERSATION_LIMIT = 2 * 1024 * 1024;

/**
 * The REST door carries conversation messages as an array of JSON-encoded strings (spec 2 §3);
 * the tRPC door uses objects. Plain objects are accepted too.
 */
function decodeMessages(req: RestRequest): unknown {
  const messages = body(req).messages;
  if (!Array.isArray(messages)) return messages;
  return messages.map((message) => {
    if (typeof message !== "string") return message;
    try {
      return JSON.parse(message);
    } catch {
      throw new AppError("BAD_REQUEST", "Each message must be a JSON-encoded object");
    }
  });
}

/** A message as the REST door sends it: the stored message, JSON-encoded. */
const ZEncodedMessage = z.string().describe("A conversation message as a JSON-encoded object");
/** A saved conversation as the REST door answers it. */
const ZRestConversation = ZConversation.extend({ messages: z.array(ZEncodedMessage) });
/** What a save sends: JSON-encoded messages, or the message objects themselves. */
const ZRestMessages = z.array(z.union([ZEncodedMessage, ZMessage]));

const SAVE_QUIRK =
  "Messages are sent as JSON-encoded strings (spec 2 §3); plain message objects are accepted too. The answer's messages are JSON-encoded strings.";

const encodeConversation = (conversation: { id: number; interviewId: number; messages: unknown[] } | null) =>
  conversation &&
  ZRestConversation.parse({ ...conversation, messages: conversation.messages.map((m) => JSON.stringify(m)) });

export const participantRoutes: RestRoute[] = [
  route({
    method: "GET",
    path: "/api/interviews/share/:shareLink",
    procedure: "participant.open",
    input: (req) => ({ shareLink: req.params.shareLink ?? "" }),
    output: (result) => ({ ...result, conversation: encodeConversation(result.conversation) }),
    doc: {
      stringParams: ["shareLink"],
      response: ZShareInterview.extend({ conversation: ZRestConversation.nullable() }),
    },
  }),
  route({
    method: "PATCH",
    path: "/api/interviews/:id/status",
    procedure: "participant.setStatus",
    input: (req) => ({ interviewId: pathId(req), status: body(req).status }),
    doc: { body: { pick: ["status"] } },
  }),
  route({
    method: "PATCH",
    path: "/api/interviews/:id/start",
    procedure: "participant.start",
    input: (req) => ({ interviewId: pathId(req) }),
  }),
  route({
    method: "PATCH",
    path: "/api/interviews/:id/notes",
    procedure: "participant.setNotes",
    input: (req) => ({ interviewId: pathId(req), notes: body(req).notes }),
    doc: { body: { pick: ["notes"] } },
  }),
  route({
    method: "GET",
    path: "/api/interviews/:id/conversation",
    procedure: "participant.conversation",
    input: (req) => ({ interviewId: pathId(req) }),
    output: (conversation) => {
      if (!conversation)
        throw new AppError("NOT_FOUND", "No conversation content found for this interview yet.");
      return encodeConversation(conversation);
    },
    doc: {
      response: ZRestConversation,
      description: "`messages` are JSON-encoded strings, each a message object (spec 2 §3).",
    },
  }),
  route({
    method: "GET",
    path: "/api/interviews/:id/images/:imageId",
    procedure: "participant.image",
    input: (req) => ({ interviewId: pathId(req), imageId: pathId(req, "imageId") }),
    output: (image) => new BinaryResult(image.data, image.mimeType),
    doc: { response: { binary: ["image/png", "image/jpeg", "image/webp", "image/gif"] } },
  }),
  route({
    method: "GET",
    path: "/api/interviews/:id/transcript",
    procedure: "participant.transcript",
    input: (req) => ({ interviewId: pathId(req) }),
    output: (transcript) => {
      if (!transcript) throw new AppError("NOT_FOUND", "Transcript not found");
      return transcript;
    },
    doc: { response: "output" },
  }),
  route({
    method: "POST",
    path: "/api/conversations",
    status: 201,
    bodyLimit: CONVERSATION_LIMIT,
    procedure: "participant.saveConversation",
    input: (req) => ({ interviewId: body(req).interviewId, messages: decodeMessages(req) }),
    output: encodeConversation,
    doc: {
      body: z.object({ interviewId: ZId, messages: ZRestMessages }),
      response: ZRestConversation,
      description: SAVE_QUIRK,
    },
  }),
  route({
    method: "PATCH",
    path: "/api/conversations/:id",
    bodyLimit: CONVERSATION_LIMIT,
    procedure: "participant.updateConversation",
    input: (req) => ({ conversationId: pathId(req), messages: decodeMessages(req) }),
    output: encodeConversation,
    doc: {
      body: z.object({ messages: ZRestMessages }),
      response: ZRestConversation,
      description: SAVE_QUIRK,
    },
  }),
  route({
    method: "POST",
    path: "/api/transcripts",
    status: 201,
    procedure: "participant.saveTranscript",
    input: body,
  }),
  route({
    method: "PATCH",
    path: "/api/transcripts/:id",
    procedure: "participant.updateTranscript",
    input: (req) => ({ ...body(req), transcriptId: pathId(req) }),
    doc: { body: { omit: ["transcriptId"] } },
  }),
];
