import type { Db } from "@parley/db/client";
import { AiError } from "../errors";
import {
  type BillTo,
  type InterviewCeiling,
  type Reservation,
  recordUsage,
  reserveAiCall,
} from "../metering";
import type { AiProvider, CallUsage, Capability, ChatRequest, Metered } from "../providers/types";
import type { Redaction } from "./redaction";

/** What a call is, for the usage record and the plan check. */
export interface CallSpec {
  component: string;
  operation: string;
  /** Whether it adds one to the plan's call counter (text-to-speech does not, spec 1 §9). */
  countsAsCall?: boolean;
  /** A capability the provider must have, and the 503 message when it has not (nothing is reserved). */
  needs?: { capability: Capability; unavailable: string };
}

export interface MeteredCallsOptions {
  db: Db;
  provider: AiProvider;
  redaction: Redaction;
  ceiling: InterviewCeiling;
  /** Called after each metered call (usage alerts); its failures never fail the call. */
  afterUsage?: ((userId: string) => Promise<void>) | undefined;
}

/**
 * A call's reservation started before the call is ready to be made (the interview turn's, beside
 * the reads and the rules' decision that come before its prompt): the call takes it, or, when no
 * call is made after all, `release` gives it back. Taken or released once; a refusal is the call's.
 */
export class ReservationAhead {
  readonly #reservation: Promise<Reservation>;
  #settled = false;

  constructor(reservation: Promise<Reservation>) {
    this.#reservation = reservation;
    // A refusal is answered by the call that takes it (or by nobody, once released).
    reservation.catch(() => undefined);
  }

  /** The reservation for the call about to be made; undefined once taken or released. */
  take(): Promise<Reservation> | undefined {
    if (this.#settled) return undefined;
    this.#settled = true;
    return this.#reservation;
  }

  /** No call takes it: given back (nothing once it was taken, or when it was refused). */
  async release(): Promise<void> {
    if (this.#settled) return;
    this.#settled = true;
    const reservation = await this.#reservation.catch(() => undefined);
    await reservation?.release();
  }
}

/**
 * Every model call, metered: the payer's plan, budget and the interview's ceiling are checked and the
 * call reserved before it is made, given back when it fails before costing anything, and recorded
 * after. Each call is made on the redacting view of the provider.
 */
export class MeteredCalls {
  readonly #options: MeteredCallsOptions;

  constructor(options: MeteredCallsOptions) {
    this.#options = options;
  }

  /** One call: reserved, made, recorded; given back when it fails (it cost nothing then). */
  async call<T>(billTo: BillTo, spec: CallSpec, run: (p: AiProvider) => Promise<Metered<T>>): Promise<T> {
    const result = await this.#reserved(billTo, await this.#reserve(billTo, spec), run);
    try {
      await this.#record(billTo, spec, result.usage);
    } catch (error) {
      // A stream that cannot be recorded is not sent on.
      if (result.value instanceof ReadableStream) void result.value.cancel();
      throw error;
    }
    return result.value;
  }

  /**
   * A call whose usage is known before it is made: recorded with its reservation, in one
   * transaction, and taken back with it if the call fails, so nothing is written between the
   * answer and its sender (a transcription, on the way to the interviewer's first word). The usage
   * alerts are looked at beside the answer's way back, not before it (1–4 ms of database reads in
   * the voice bench); the usage they read was committed with the reservation.
   */
  async knownCall<T>(
    billTo: BillTo,
    spec: CallSpec,
    known: CallUsage,
    run: (p: AiProvider) => Promise<Metered<T>>,
  ): Promise<T> {
    const result = await this.#reserved(billTo, await this.#reserve(billTo, spec, known), run);
    void this.#options.afterUsage?.(billTo.userId).catch(() => undefined);
    return result.value;
  }

  /**
   * A call whose answer is a byte stream sent on as it arrives, recorded while the first bytes go
   * out rather than before them: the stream ends only once the usage is recorded, and is cut off if
   * it cannot be.
   */
  async byteStream(
    billTo: BillTo,
    spec: CallSpec,
    run: (p: AiProvider) => Promise<Metered<ReadableStream<Uint8Array>>>,
  ): Promise<ReadableStream<Uint8Array>> {
    const result = await this.#reserved(billTo, await this.#reserve(billTo, spec), run);
    const recording = this.#record(billTo, spec, result.usage);
    return result.value.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        start(controller) {
          recording.catch((error) => controller.error(error));
        },
        async flush() {
          await recording;
        },
      }),
    );
  }

  /**
   * Starts a call's reservation now, for a call made a little later (`stream`'s `ahead`), so the
   * payer's transaction runs beside what the call waits for instead of after it. The caller gives
   * it back (`release`) if no call takes it.
   */
  reserveAhead(billTo: BillTo, spec: CallSpec): ReservationAhead {
    return new ReservationAhead(this.#reserve(billTo, spec));
  }

  /**
   * A streamed call, metered once however the stream ends: finished, failed midway, timed out, or
   * abandoned by a client that disconnected (the provider then reports an estimate). `ahead`: its
   * reservation, started earlier (`reserveAhead`); without one (or once taken), it is made here.
   */
  async *stream(
    billTo: BillTo,
    spec: CallSpec,
    request: ChatRequest,
    ahead?: ReservationAhead,
  ): AsyncGenerator<string> {
    // The reservation and the redaction side by side: both are on the way to the first word.
    const [reserved, redacted] = await Promise.allSettled([
      ahead?.take() ?? this.#reserve(billTo, spec),
      this.#options.redaction.request(billTo, request),
    ]);
    if (reserved.status === "rejected") throw reserved.reason;
    const reservation = reserved.value;
    if (redacted.status === "rejected") {
      await reservation.release().catch(() => undefined);
      throw redacted.reason;
    }
    let usage: CallUsage | undefined;
    let finished = false;
    try {
      // Redacted above: the provider itself, not the redacting view, which would redact again.
      yield* this.#options.provider.stream(redacted.value, (u) => {
        usage = u;
      });
      finished = true;
    } finally {
      if (usage) {
        const metering = this.#record(billTo, spec, usage);
        // On a failed or abandoned stream, a metering failure must not hide what happened.
        await (finished ? metering : metering.catch(() => undefined));
      } else if (!finished) {
        // Failed before the model produced anything: the reserved call is given back.
        await reservation.release().catch(() => undefined);
      }
    }
  }

  /** `known`: the call's usage when it is known before it is made, recorded with the reservation. */
  #reserve(billTo: BillTo, spec: CallSpec, known?: CallUsage): Promise<Reservation> {
    if (spec.needs && !this.#options.provider.supports(spec.needs.capability)) {
      return Promise.reject(new AiError(503, spec.needs.unavailable));
    }
    return reserveAiCall(this.#options.db, billTo, {
      countsAsCall: spec.countsAsCall !== false,
      ceiling: this.#options.ceiling,
      ...(known
        ? {
            usage: {
              ...known,
              component: spec.component,
              operation: spec.operation,
              countsAsCall: spec.countsAsCall,
            },
          }
        : {}),
    });
  }

  /** A reserved call made; when it fails the reservation is given back (it cost nothing then). */
  async #reserved<T>(
    billTo: BillTo,
    reservation: Reservation,
    run: (p: AiProvider) => Promise<Metered<T>>,
  ): Promise<Metered<T>> {
    try {
      return await run(this.#options.redaction.provider(billTo));
    } catch (error) {
      await reservation.release().catch(() => undefined);
      throw error;
    }
  }

  /** Every call is reserved first, so its record adds cost only. */
  async #record(billTo: BillTo, spec: CallSpec, usage: CallUsage) {
    await recordUsage(
      this.#options.db,
      billTo,
      { ...usage, component: spec.component, operation: spec.operation, countsAsCall: spec.countsAsCall },
      { reserved: true },
    );
    await this.#options.afterUsage?.(billTo.userId).catch(() => undefined);
  }
}
