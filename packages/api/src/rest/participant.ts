import { z } from "zod";
import { AppError } from "../errors";
import { ZId } from "../schemas/common";
import { ZConversation, ZMessage, ZShareInterview } from "../schemas/participant";
import { BinaryResult, body, JsonResult, pathId, type RestRequest, type RestRoute, route } from "./types";

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
/** A saved conversation as the REST door answers it (its version travels as the ETag, not in the body). */
const ZRestConversation = ZConversation.omit({ version: true }).extend({
  messages: z.array(ZEncodedMessage),
});
/** What a save sends: JSON-encoded messages, or the message objects themselves. */
const ZRestMessages = z.array(z.union([ZEncodedMessage, ZMessage]));

const SAVE_QUIRK =
  "Messages are sent as JSON-encoded strings (spec 2 §3); plain message objects are accepted too. The answer's messages are JSON-encoded strings.";

type Conversation = { id: number; interviewId: number; messages: unknown[]; version: string };

const encodeConversation = (conversation: Conversation | null) =>
  conversation &&
  ZRestConversation.parse({ ...conversation, messages: conversation.messages.map((m) => JSON.stringify(m)) });

/** The conversation's version as a strong entity tag (RFC 9110 §8.8.3). */
const etagOf = (conversation: { version: string }) => `"${conversation.version}"`;

/** The documented conversation, its version as the ETag header. */
const withEtag = (conversation: Conversation) =>
  new JsonResult(encodeConversation(conversation), { etag: etagOf(conversation) });

const ETAG =
  "The conversation's version (a strong entity tag); send it back as If-Match to save only onto it.";
const IF_MATCH =
  "Save only if the conversation is still at this version (its ETag, as the last read or save answered it), else answer 409 and change nothing. `*` matches any version. Without it, the array is reconciled: messages it does not name are added after the stored ones.";

const ENTITY_TAG = /\s*(W\/)?"([\x21\x23-\x7e]*)"\s*(?:,|$)/y;

/**
 * The versions If-Match names (RFC 9110 §13.1.1): undefined when absent or `*` (any version), else
 * the strong tags' values; a weak tag never matches. A header that is not a list of tags is refused.
 */
function ifMatchOf(req: RestRequest): string[] | undefined {
  const raw = req.headers?.["if-match"];
  const header = (Array.isArray(raw) ? raw.join(", ") : (raw ?? "")).trim();
  if (!header || header === "*") return undefined;
  const versions: string[] = [];
  ENTITY_TAG.lastIndex = 0;
  while (ENTITY_TAG.lastIndex < header.length) {
    const tag = ENTITY_TAG.exec(header);
    if (!tag) {
      throw new AppError("BAD_REQUEST", 'If-Match must be "*" or the conversation\'s ETag, quoted as sent');
    }
    if (!tag[1]) versions.push(tag[2] ?? "");
  }
  return versions;
}

/** A conflicting save's answer: the conversation as it is now, in the documented shape, with its ETag. */
function documentedConflict(error: unknown): unknown {
  const current =
    error instanceof AppError ? (error.extra.conversation as Conversation | undefined) : undefined;
  if (!(error instanceof AppError) || error.code !== "CONFLICT" || !current) return error;
  return new AppError(
    "CONFLICT",
    error.message,
    { conversation: encodeConversation(current) },
    { etag: etagOf(current) },
  );
}

const updateConversation = route({
  method: "PATCH",
  path: "/api/conversations/:id",
  bodyLimit: CONVERSATION_LIMIT,
  procedure: "participant.updateConversation",
  input: (req) => ({ conversationId: pathId(req), messages: decodeMessages(req), ifMatch: ifMatchOf(req) }),
  output: withEtag,
  doc: {
    body: z.object({ messages: ZRestMessages }),
    headers: { "If-Match": IF_MATCH },
    response: ZRestConversation,
    responseHeaders: { ETag: ETAG },
    refusals: {
      "409": {
        description:
          "If-Match named another version: nothing was saved. The answer is the conversation as it is now, its version as the ETag.",
        body: z.object({ message: z.string(), conversation: ZRestConversation }),
        headers: { ETag: ETAG },
      },
    },
    description: `${SAVE_QUIRK} The answer's ETag is the saved conversation's version.`,
  },
});

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
      return withEtag(conversation);
    },
    doc: {
      response: ZRestConversation,
      responseHeaders: { ETag: ETAG },
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
    output: withEtag,
    doc: {
      body: z.object({ interviewId: ZId, messages: ZRestMessages }),
      response: ZRestConversation,
      responseHeaders: { ETag: ETAG },
      description: `${SAVE_QUIRK} The answer's ETag is the saved conversation's version.`,
    },
  }),
  {
    ...updateConversation,
    call: (caller, req) =>
      updateConversation.call(caller, req).catch((error: unknown) => {
        throw documentedConflict(error);
      }),
  },
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
