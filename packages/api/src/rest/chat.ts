import { body, pathId, type RestRoute, route } from "./types";

export const chatRoutes: RestRoute[] = [
  route({
    method: "GET",
    path: "/api/projects/:id/chat",
    procedure: "chat.history",
    input: (req) => ({ projectId: pathId(req) }),
    // Documented shape: each message is a JSON-encoded string.
    output: (messages) => ({ messages: messages.map((m) => JSON.stringify(m)) }),
  }),
  route({
    method: "POST",
    path: "/api/projects/:id/chat",
    procedure: "chat.send",
    input: (req) => ({ projectId: pathId(req), message: body(req).message, summary: body(req).summary }),
  }),
];
