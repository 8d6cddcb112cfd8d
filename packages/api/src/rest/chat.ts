import { z } from "zod";
import { body, pathId, type RestRoute, route } from "./types";

/** The documented history: each message a JSON-encoded string (spec 1), not an object. */
const ZRestChatHistory = z.object({
  messages: z.array(z.string().describe("A chat message as a JSON-encoded { role, content } object")),
});

export const chatRoutes: RestRoute[] = [
  route({
    method: "GET",
    path: "/api/projects/:id/chat",
    procedure: "chat.history",
    input: (req) => ({ projectId: pathId(req) }),
    // Documented shape: each message is a JSON-encoded string.
    output: (messages) => ZRestChatHistory.parse({ messages: messages.map((m) => JSON.stringify(m)) }),
    doc: {
      response: ZRestChatHistory,
      description:
        "Each message is a JSON-encoded string (parse it for `role` and `content`), as documented.",
    },
  }),
  route({
    method: "POST",
    path: "/api/projects/:id/chat",
    procedure: "chat.send",
    input: (req) => ({ projectId: pathId(req), message: body(req).message, summary: body(req).summary }),
    doc: { body: { pick: ["message", "summary"] } },
  }),
];
