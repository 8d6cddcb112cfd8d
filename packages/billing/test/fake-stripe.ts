/**
 * A local fake of the Stripe HTTP API, enough for subscriptions: customers, products, prices,
 * subscriptions (create, retrieve, update, cancel), invoice items and Checkout sessions. The real
 * `stripe` SDK talks to it over HTTP.
 */
import { createServer, type Server } from "node:http";

export interface FakeSubscription {
  id: string;
  object: "subscription";
  customer: string;
  status: string;
  metadata: Record<string, string>;
  items: { object: "list"; data: Array<{ id: string; price: { id: string; object: "price" } }> };
  latest_invoice: string | Record<string, unknown>;
}

export class FakeStripe {
  readonly requests: Array<{ method: string; path: string; form: URLSearchParams }> = [];
  readonly subscriptions = new Map<string, FakeSubscription>();
  readonly invoiceItems: Array<{ idempotencyKey: string; body: Record<string, unknown> }> = [];
  readonly checkoutSessions: Array<Record<string, unknown>> = [];
  /** Status new subscriptions start in ("incomplete" needs card confirmation; "active" does not). */
  initialStatus = "incomplete";
  #server: Server | undefined;
  #next = 1;
  url = "";

  #id(prefix: string) {
    this.#next += 1;
    return `${prefix}_fake${this.#next}`;
  }

  async start(): Promise<string> {
    this.#server = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const url = new URL(req.url ?? "/", "http://fake");
      const form = new URLSearchParams(
        req.method === "GET" ? url.search : Buffer.concat(chunks).toString("utf8"),
      );
      const method = req.method ?? "GET";
      this.requests.push({ method, path: url.pathname, form });
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json", "request-id": "req_fake" });
        res.end(JSON.stringify(body));
      };
      const parts = url.pathname.split("/").filter(Boolean); // v1, resource, id?
      const [, resource, id] = parts;
      if (method === "POST" && resource === "customers") {
        return send(200, { id: this.#id("cus"), object: "customer", email: form.get("email") });
      }
      if (method === "POST" && resource === "products")
        return send(200, { id: this.#id("prod"), object: "product" });
      if (method === "POST" && resource === "prices")
        return send(200, { id: this.#id("price"), object: "price" });
      if (method === "POST" && resource === "invoiceitems") {
        const key = String(req.headers["idempotency-key"] ?? "");
        const known = key ? this.invoiceItems.find((item) => item.idempotencyKey === key) : undefined;
        if (known) return send(200, known.body);
        const body = {
          id: this.#id("ii"),
          object: "invoiceitem",
          customer: form.get("customer"),
          amount: Number(form.get("amount")),
          currency: form.get("currency"),
          description: form.get("description"),
        };
        this.invoiceItems.push({ idempotencyKey: key, body });
        return send(200, body);
      }
      if (method === "POST" && resource === "checkout" && id === "sessions") {
        const session = {
          id: this.#id("cs"),
          object: "checkout.session",
          mode: form.get("mode"),
          customer: form.get("customer"),
          url: `https://checkout.stripe.test/pay/${this.#next}`,
          success_url: form.get("success_url"),
          cancel_url: form.get("cancel_url"),
          line_items_price: form.get("line_items[0][price]"),
        };
        this.checkoutSessions.push(session);
        return send(200, session);
      }
      if (resource === "subscriptions" && method === "POST" && !id) {
        const subscription: FakeSubscription = {
          id: this.#id("sub"),
          object: "subscription",
          customer: form.get("customer") ?? "",
          status: this.initialStatus,
          metadata: { userId: form.get("metadata[userId]") ?? "", tier: form.get("metadata[tier]") ?? "" },
          items: {
            object: "list",
            data: [{ id: this.#id("si"), price: { id: form.get("items[0][price]") ?? "", object: "price" } }],
          },
          latest_invoice: this.#id("in"),
        };
        this.subscriptions.set(subscription.id, subscription);
        const wantsSecret = [...form.entries()].some(
          ([k, v]) => k.startsWith("expand") && v === "latest_invoice.confirmation_secret",
        );
        const expanded = wantsSecret
          ? {
              ...subscription,
              latest_invoice: {
                id: subscription.latest_invoice,
                object: "invoice",
                confirmation_secret: {
                  client_secret: `${subscription.latest_invoice}_secret_fake`,
                  type: "payment_intent",
                },
              },
            }
          : subscription;
        return send(200, expanded);
      }
      if (resource === "subscriptions" && id) {
        const subscription = this.subscriptions.get(id);
        if (!subscription)
          return send(404, {
            error: { type: "invalid_request_error", message: `No such subscription: '${id}'` },
          });
        if (method === "DELETE") {
          if (subscription.status === "canceled") {
            return send(400, {
              error: {
                type: "invalid_request_error",
                message: "A canceled subscription can only update its cancellation_details and metadata.",
              },
            });
          }
          subscription.status = "canceled";
        }
        if (method === "POST") {
          // Update: a new price on an item, and metadata.
          const itemId = form.get("items[0][id]");
          const price = form.get("items[0][price]");
          const item = subscription.items.data.find((i) => i.id === itemId) ?? subscription.items.data[0];
          if (item && price) item.price = { id: price, object: "price" };
          for (const key of ["userId", "tier"]) {
            const value = form.get(`metadata[${key}]`);
            if (value !== null) subscription.metadata[key] = value;
          }
        }
        return send(200, subscription);
      }
      return send(404, {
        error: {
          type: "invalid_request_error",
          message: `Unrecognized request URL (${method}: ${url.pathname})`,
        },
      });
    });
    await new Promise<void>((resolve) => this.#server!.listen(0, "127.0.0.1", resolve));
    const address = this.#server.address();
    this.url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    return this.url;
  }

  async stop() {
    this.#server?.closeAllConnections();
    await new Promise<void>((resolve) => this.#server?.close(() => resolve()) ?? resolve());
  }
}
