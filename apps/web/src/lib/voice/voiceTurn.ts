import { audioFileName } from "@parley/ai/audioFormat";
import { readTranscription, type TranscriptionOutcome } from "./rules";

/** A reply the server began with the transcript (POST /api/ai/voice-turn): its events as they come. */
export interface StartedTurn {
  /** The answer's id the turn was asked with (kept for a retry of the same words). */
  id: string;
  /** The reply's text in pieces, then `{ final, turnId }`; a refused turn throws as tRPC's errors do. */
  events: AsyncIterable<string | { final: boolean; turnId: number | null }>;
  /** Not wanted after all: the request is ended (the server gives back what it prepared). */
  cancel(): void;
}

/** A refused or failed turn, shaped as the tRPC client's errors are (`limitRefusal` reads it). */
export class TurnRefused extends Error {
  readonly data: { httpStatus: number };
  constructor(status: number, message: string) {
    super(message);
    this.data = { httpStatus: status };
  }
}

/** The body's newline-delimited JSON values, each as its line is whole. */
async function* jsonLines(body: ReadableStream<Uint8Array>): AsyncGenerator<unknown> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffered = "";
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffered += decoder.decode(value, { stream: true });
      for (let end = buffered.indexOf("\n"); end >= 0; end = buffered.indexOf("\n")) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 1);
        if (line.trim()) yield JSON.parse(line);
      }
    }
    if (buffered.trim()) yield JSON.parse(buffered);
  } finally {
    reader.cancel().catch(() => {});
  }
}

async function* replyEvents(lines: AsyncGenerator<unknown>): StartedTurn["events"] {
  for await (const event of lines) {
    if (typeof event === "string") yield event;
    else if (event && typeof event === "object" && "error" in event) {
      const { status, message } = (event as { error: { status?: unknown; message?: unknown } }).error;
      throw new TurnRefused(
        typeof status === "number" ? status : 500,
        typeof message === "string" ? message : "The interviewer could not answer.",
      );
    } else if (event && typeof event === "object" && "final" in event) {
      const { final, turnId } = event as { final?: unknown; turnId?: unknown };
      yield { final: final === true, turnId: typeof turnId === "number" ? turnId : null };
      return;
    }
  }
  // The stream ended without the reply's end: the connection broke.
  throw new Error("The reply was cut off");
}

/** A recording transcribed alone (POST /api/ai/transcribe), its answer read as the spec says. */
export async function transcribeOnly(interviewId: number, blob: Blob): Promise<TranscriptionOutcome> {
  const form = new FormData();
  form.append("interviewId", String(interviewId));
  form.append("audio", blob, audioFileName(blob.type));
  const res = await fetch("/api/ai/transcribe", { method: "POST", body: form, credentials: "include" });
  return readTranscription(res.status, await res.json().catch(() => null));
}

/**
 * A recording sent to be transcribed and, when the server reads the words as the participant's whole
 * answer (by the rules the page reads them by), answered in the same request (issue 34): the turn's
 * preparation runs on the server while the audio is transcribed, and no second request is made.
 * Answers the transcription as POST /api/ai/transcribe's is read (`readTranscription`), and the
 * reply the server began, if it began one.
 */
export async function sendVoiceTurn(request: {
  interviewId: number;
  blob: Blob;
  answerId: string;
  held: { text: string; pieces: number };
  context: { notes: string; imageContext: string };
}): Promise<{ outcome: TranscriptionOutcome; turn?: StartedTurn }> {
  const form = new FormData();
  form.append("interviewId", String(request.interviewId));
  form.append("answerId", request.answerId);
  if (request.held.text) {
    form.append("held", request.held.text);
    form.append("heldPieces", String(request.held.pieces));
  }
  if (request.context.notes) form.append("notesContext", request.context.notes);
  if (request.context.imageContext) form.append("imageContext", request.context.imageContext);
  form.append("audio", request.blob, audioFileName(request.blob.type));
  const aborter = new AbortController();
  const res = await fetch("/api/ai/voice-turn", {
    method: "POST",
    body: form,
    credentials: "include",
    signal: aborter.signal,
  });
  if (!res.ok || !res.body) {
    return { outcome: readTranscription(res.status, await res.json().catch(() => null)) };
  }
  const lines = jsonLines(res.body);
  const first = (await lines.next()).value as { text?: unknown; turn?: unknown } | undefined;
  const outcome = readTranscription(res.status, first);
  if (first?.turn !== true) {
    aborter.abort();
    return { outcome };
  }
  return {
    outcome,
    turn: { id: request.answerId, events: replyEvents(lines), cancel: () => aborter.abort() },
  };
}
