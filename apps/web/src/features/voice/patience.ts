import { TurnPatience } from "@parley/ai/voice/endOfTurn";
import type { Store } from "../../hooks/store";
import type { VoiceAction, VoiceState } from "./voiceMachine";

/** How often held words are checked for being due (@parley/ai/voice/endOfTurn.ts waits 3 s for more). */
const DUE_CHECK_MS = 250;

/**
 * End of turn with patience (issue 24) inside the voice loop: each transcript is either the answer
 * to send or held while the participant goes on ("…and") or takes their time ("give me a minute",
 * shown as "Take your time"). Held words are sent once nothing more has come for the wait.
 */
export class Patience {
  readonly #patience = new TurnPatience();
  readonly #store: Store<VoiceState, VoiceAction>;
  readonly #dispose: () => void;

  constructor(
    store: Store<VoiceState, VoiceAction>,
    options: {
      /** The participant is speaking now (a recording under way, or recent sound). */
      speaking: () => boolean;
      /** Sends held words as the participant's answer (a turn of its own). */
      send: (text: string) => void;
    },
  ) {
    this.#store = store;
    // Out of voice, nothing is held.
    const unsubscribe = store.subscribe(() => {
      if (store.get().status === "off") this.#patience.clear();
    });
    const timer = setInterval(() => {
      const { status, turn } = store.get();
      if (status !== "listening" || turn !== null) return;
      const due = this.#patience.due(Date.now(), options.speaking());
      if (due === null) return;
      this.#show();
      options.send(due);
    }, DUE_CHECK_MS);
    this.#dispose = () => {
      unsubscribe();
      clearInterval(timer);
    };
  }

  #show() {
    this.#store.dispatch({ type: "hold", text: this.#patience.held });
  }

  /** A transcript: the answer to send now (with any held words before it), or null to listen on. */
  take(text: string): string | null {
    const step = this.#patience.take(text, Date.now());
    this.#show();
    if (step.kind === "send") return step.text;
    if (step.reason === "thinking") this.#store.dispatch({ type: "think" });
    return null;
  }

  /** The words held of an answer said in pieces, and how many (the server reads a transcript on them). */
  holding(): { text: string; pieces: number } {
    return { text: this.#patience.held, pieces: this.#patience.pieces };
  }

  /** Listening resumed (Resume, or the participant speaking after asking for time). */
  readonly resumed = () => {
    this.#patience.resumed(Date.now());
    if (this.#store.get().status === "thinking") this.#store.dispatch({ type: "resume" });
  };

  dispose() {
    this.#dispose();
  }
}
