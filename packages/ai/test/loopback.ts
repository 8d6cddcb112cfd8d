/** Where the local fakes listen: loopback only, on `port` or a free one. */
import { createServer, type RequestListener, type Server } from "node:http";

/** Starts `handler` on 127.0.0.1; answers the server and its origin (`http://127.0.0.1:<port>`). */
export async function listenOnLoopback(
  handler: RequestListener,
  port = 0,
): Promise<{ server: Server; origin: string }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address();
  return {
    server,
    origin: `http://127.0.0.1:${typeof address === "object" && address ? address.port : port}`,
  };
}

/** Closes a fake's server at once, open connections (streams, stalled requests) included. */
export async function closeServer(server: Server | undefined): Promise<void> {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => server?.close(() => resolve()) ?? resolve());
}
