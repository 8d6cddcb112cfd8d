import { AppError } from "../errors";
import { BinaryResult, body, pathId, type RestRequest, type RestRoute } from "./types";

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

const encodeConversation = (conversation: { id: number; interviewId: number; messages: unknown[] } | null) =>
  conversation && { ...conversation, messages: conversation.messages.map((m) => JSON.stringify(m)) };

export const participantRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/api/interviews/share/:shareLink",
    call: async (c, req) => {
      const result = await c.participant.open({ shareLink: req.params.shareLink ?? "" });
      return { ...result, conversation: encodeConversation(result.conversation) };
    },
  },
  {
    method: "PATCH",
    path: "/api/interviews/:id/status",
    call: (c, req) =>
      c.participant.setStatus({ interviewId: pathId(req), status: body(req).status as never }),
  },
  {
    method: "PATCH",
    path: "/api/interviews/:id/start",
    call: (c, req) => c.participant.start({ interviewId: pathId(req) }),
  },
  {
    method: "PATCH",
    path: "/api/interviews/:id/notes",
    call: (c, req) => c.participant.setNotes({ interviewId: pathId(req), notes: body(req).notes as never }),
  },
  {
    method: "GET",
    path: "/api/interviews/:id/conversation",
    call: async (c, req) => {
      const conversation = await c.participant.conversation({ interviewId: pathId(req) });
      if (!conversation)
        throw new AppError("NOT_FOUND", "No conversation content found for this interview yet.");
      return encodeConversation(conversation);
    },
  },
  {
    method: "GET",
    path: "/api/interviews/:id/images/:imageId",
    call: async (c, req) => {
      const image = await c.participant.image({ interviewId: pathId(req), imageId: pathId(req, "imageId") });
      return new BinaryResult(image.data, image.mimeType);
    },
  },
  {
    method: "GET",
    path: "/api/interviews/:id/transcript",
    call: async (c, req) => {
      const transcript = await c.participant.transcript({ interviewId: pathId(req) });
      if (!transcript) throw new AppError("NOT_FOUND", "Transcript not found");
      return transcript;
    },
  },
  {
    method: "POST",
    path: "/api/conversations",
    status: 201,
    bodyLimit: CONVERSATION_LIMIT,
    call: async (c, req) =>
      encodeConversation(
        await c.participant.saveConversation({
          interviewId: body(req).interviewId as never,
          messages: decodeMessages(req) as never,
        }),
      ),
  },
  {
    method: "PATCH",
    path: "/api/conversations/:id",
    bodyLimit: CONVERSATION_LIMIT,
    call: async (c, req) =>
      encodeConversation(
        await c.participant.updateConversation({
          conversationId: pathId(req),
          messages: decodeMessages(req) as never,
        }),
      ),
  },
  {
    method: "POST",
    path: "/api/transcripts",
    status: 201,
    call: (c, req) => c.participant.saveTranscript(body(req) as never),
  },
  {
    method: "PATCH",
    path: "/api/transcripts/:id",
    call: (c, req) =>
      c.participant.updateTranscript({ ...(body(req) as object), transcriptId: pathId(req) } as never),
  },
];
