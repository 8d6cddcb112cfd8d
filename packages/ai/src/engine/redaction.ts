import type { Db } from "@parley/db/client";
import type { BillTo } from "../metering";
import { memoryStore, PrivacyScope } from "../privacy/scope";
import { projectDetailStore } from "../privacy/store";
import type { AiProvider, ChatRequest, ImageRequest } from "../providers/types";

/**
 * Personal details kept from the model (issue 26): each piece of work has a privacy scope, by its
 * payer, and every text sent to a model on its behalf is redacted with it.
 */
export class Redaction {
  readonly #db: Db;
  readonly #provider: AiProvider;
  readonly #scopes = new WeakMap<BillTo, PrivacyScope>();

  constructor(db: Db, provider: AiProvider) {
    this.#db = db;
    this.#provider = provider;
  }

  /**
   * The privacy scope of one piece of work, by its payer: the project's vault when it has a
   * project, else a vault of its own.
   */
  scope(billTo: BillTo): PrivacyScope {
    let scope = this.#scopes.get(billTo);
    if (!scope) {
      scope = new PrivacyScope(
        billTo.projectId ? projectDetailStore(this.#db, billTo.projectId) : memoryStore(),
      );
      this.#scopes.set(billTo, scope);
    }
    return scope;
  }

  /**
   * Starts reading the scope's vault now, for a request of this piece of work redacted a little
   * later (an interview turn's, once its prompt is written): the read runs beside the work before it.
   * A failed read fails that request's redaction, as it would have there.
   */
  prefetch(billTo: BillTo): void {
    if (this.#provider.kind === "offline") return;
    this.scope(billTo)
      .load()
      .catch(() => undefined);
  }

  /**
   * The provider as a piece of work sees it: every text of every request (the system prompt, the
   * history, notes, image context) has its personal details replaced before it leaves.
   */
  provider(billTo: BillTo): AiProvider {
    const provider = this.#provider;
    if (provider.kind === "offline") return provider;
    const scope = this.scope(billTo);
    const options = { interviewId: billTo.interviewId ?? null };
    const redacted = (request: ChatRequest) => this.request(billTo, request);
    return {
      kind: provider.kind,
      supports: (capability) => provider.supports(capability),
      complete: async (request) => provider.complete(await redacted(request)),
      structured: async (request, format) => provider.structured(await redacted(request), format),
      stream: async function* (request, onUsage) {
        yield* provider.stream(await redacted(request), onUsage);
      },
      transcribe: (audio, mimeType) => provider.transcribe(audio, mimeType),
      ...(provider.transcriptionUsage
        ? { transcriptionUsage: provider.transcriptionUsage.bind(provider) }
        : {}),
      speak: (text, format) => provider.speak(text, format),
      describeImage: async (request: ImageRequest) =>
        provider.describeImage({
          ...request,
          context: request.context ? await scope.redact(request.context, options) : request.context,
        }),
    };
  }

  /** A request with every text's personal details replaced (the messages as the model will read them). */
  async request(billTo: BillTo, request: ChatRequest): Promise<ChatRequest> {
    if (this.#provider.kind === "offline") return request;
    const scope = this.scope(billTo);
    const options = { interviewId: billTo.interviewId ?? null };
    const texts = request.messages.map((m) => (typeof m.content === "string" ? m.content : ""));
    const clean = await scope.redactAll(texts, options);
    const messages = await Promise.all(
      request.messages.map(async (message, i) => {
        if (typeof message.content === "string") return { ...message, content: clean[i]! };
        if (!Array.isArray(message.content)) return message;
        const parts = await Promise.all(
          message.content.map(async (part) =>
            part.type === "text" ? { ...part, text: await scope.redact(part.text, options) } : part,
          ),
        );
        return { ...message, content: parts } as typeof message;
      }),
    );
    return { ...request, messages };
  }

  /**
   * What a document is written from, redacted whichever provider writes it: offline documents
   * carry placeholders as the model's do (issue 26).
   */
  sources(billTo: BillTo, texts: Array<string | null | undefined>) {
    return this.scope(billTo).redactAll(texts.map((text) => text ?? ""));
  }
}
