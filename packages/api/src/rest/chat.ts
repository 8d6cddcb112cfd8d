import { body, pathId, type RestRoute } from "./types";

export const chatRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/api/projects/:id/chat",
    // Documented shape: each message is a JSON-encoded string.
    call: async (c, req) => {
      const messages = await c.chat.history({ projectId: pathId(req) });
      return { messages: messages.map((m) => JSON.stringify(m)) };
    },
  },
  {
    method: "POST",
    path: "/api/projects/:id/chat",
    call: (c, req) =>
      c.chat.send({
        projectId: pathId(req),
        message: body(req).message as never,
        summary: body(req).summary as never,
      }),
  },
];
