/** What the local fakes share: an HTTP server on loopback only, on a given port or a free one. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";

export abstract class LoopbackFake {
  /** The fake's base address once started, e.g. `http://127.0.0.1:41234/v1`. */
  url = "";
  #server: Server | undefined;

  /** `basePath` ends the address clients are given (`/v1` for OpenAI's SDK). */
  constructor(readonly basePath = "") {}

  protected abstract handle(req: IncomingMessage, res: ServerResponse): Promise<void>;

  async start(port = 0): Promise<string> {
    const server = createServer((req, res) => void this.handle(req, res));
    this.#server = server;
    await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
    const address = server.address();
    this.url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : port}${this.basePath}`;
    return this.url;
  }

  /** Closes at once, open connections (streams, stalled requests) included. */
  async stop(): Promise<void> {
    this.#server?.closeAllConnections();
    await new Promise<void>((resolve) => this.#server?.close(() => resolve()) ?? resolve());
  }
}
