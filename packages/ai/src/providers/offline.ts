import { AiError, SPEECH_UNAVAILABLE, TTS_UNAVAILABLE } from "../errors";
import { describeImageOffline } from "../offline/writer";
import type { AiProvider, CallUsage, ChatRequest, ImageRequest } from "./types";

export const OFFLINE_MODEL = "offline";

const FREE: CallUsage = { model: OFFLINE_MODEL, costCents: 0 };

/** Offline replies stream word by word, so both providers feel the same in the browser. */
export async function* chunkWords(text: string): AsyncGenerator<string> {
  for (const part of text.match(/\S+\s*/g) ?? []) yield part;
}

/** The rules: no key, no network, no cost. Speech needs a model and is refused with a 503. */
export const offlineProvider: AiProvider = {
  kind: "offline",
  supports: () => false,
  async complete(request: ChatRequest) {
    return { value: request.offline(), usage: FREE };
  },
  async structured(request: ChatRequest) {
    return { value: request.offline(), usage: FREE };
  },
  async *stream(request: ChatRequest, onUsage: (usage: CallUsage) => void) {
    const text = request.offline();
    onUsage(FREE);
    yield* chunkWords(text);
  },
  async transcribe() {
    throw new AiError(503, SPEECH_UNAVAILABLE);
  },
  async speak() {
    throw new AiError(503, TTS_UNAVAILABLE);
  },
  async describeImage(request: ImageRequest) {
    return { value: describeImageOffline(request.context, request.mimeType), usage: FREE };
  },
};
