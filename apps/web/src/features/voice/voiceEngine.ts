import { isServiceUnavailableText, isValidTranscription } from "@parley/ai/speech";
import type { Store } from "../../hooks/store";
import { afterRequestsLeave } from "../../lib/afterRequests";
import { toast } from "../../lib/toast";
import { type Utterance, VOICE, VoiceCapture } from "../../lib/voice/capture";
import { speechPlayer } from "../../lib/voice/player";
import {
  judgeRecording,
  messagePreview,
  microphoneFailure,
  type TranscriptionOutcome,
} from "../../lib/voice/rules";
import { type StartedTurn, sendVoiceTurn, transcribeOnly } from "../../lib/voice/voiceTurn";
import { watchForBargeIn } from "./bargeIn";
import { BrowserRecognizer } from "./browserRecognizer";
import { browserCanRecognize, browserHasVoices } from "./capabilities";
import { Patience } from "./patience";
import { SentenceSplitter } from "./sentences";
import { SpeechQueue } from "./speechQueue";
import type { ReplySpeaker, VoiceLoopOptions, VoiceOutput } from "./useVoiceLoop";
import { heldBack, type VoiceAction, type VoiceState } from "./voiceMachine";
import {
  AUDIO_PROCESSING_TOAST,
  MICROPHONE_TOASTS,
  NO_SPEECH_TOAST,
  SPEECH_PROCESSING_TOAST,
  SPEECH_UNAVAILABLE_TOAST,
} from "./voiceToasts";

/** Marks read by bench/voice-latency.ts: the end of an utterance and the first agent audio after it. */
export const MARK_UTTERANCE_END = "parley:utterance-end";
export const MARK_AGENT_AUDIO = "parley:agent-audio";

/** A new answer's id (getRandomValues works outside secure contexts too, unlike randomUUID). */
const answerId = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");

/** What the engine shares with the page's hook (useVoiceLoop.ts): the state, options and output. */
export interface VoiceHost {
  store: Store<VoiceState, VoiceAction>;
  /** The page's latest options. */
  options: () => VoiceLoopOptions;
  output: () => VoiceOutput;
  setOutput: (next: VoiceOutput) => void;
}

/**
 * The voice loop's resources and work (spec 2 §4): microphone, listening (server transcription or
 * the browser's own recognizer), speaking replies as they stream, barge-in, pause and resume. Its
 * state is the page's reducer (voiceMachine.ts, held by useVoiceLoop.ts); this module, and all it
 * imports, loads only when the participant chooses voice (issue 34: not with the page).
 */
export class VoiceEngine {
  readonly #host: VoiceHost;
  readonly #store: Store<VoiceState, VoiceAction>;
  #capture: VoiceCapture | null = null;
  #recognizer: BrowserRecognizer | null = null;
  #speaking: ReplySpeaker | null = null;
  /**
   * Recordings finished while an earlier one was still being transcribed: the microphone stays on
   * then, so a participant who goes on after a pause is heard from their first word (issue 24).
   */
  #waiting: Utterance[] = [];
  /** The participant spoke over the last reply: their next recording's turn waits for its mark. */
  #afterBargeIn = false;
  // Unfinished words and requests for time wait for more (@parley/ai/voice/endOfTurn.ts).
  readonly #patience: Patience;

  constructor(host: VoiceHost) {
    this.#host = host;
    this.#store = host.store;
    this.#patience = new Patience(host.store, {
      speaking: () => this.#capture?.speaking ?? false,
      send: (text) => void this.#takeTurn(() => this.#send(text)),
    });
  }

  /** Must run synchronously inside the participant's tap (see lib/voice/audioUnlock.ts). */
  unlock() {
    speechPlayer.unlock({ primeBrowserVoice: browserHasVoices() });
  }

  #stopListening() {
    this.#capture?.stop();
    this.#recognizer?.stop();
  }

  #startListening() {
    if (this.#store.get().listener !== "browser") return this.#capture?.start();
    this.#recognizer?.start();
    // The level is still watched: speech onset, a silent microphone.
    this.#capture?.start({ record: false });
  }

  /**
   * Listens again after a delay, unless paused, out of voice, mid-turn or speaking meanwhile; a
   * recording made while the last one was transcribed is taken first.
   */
  listenAfter(ms: number) {
    setTimeout(() => {
      if (this.#speaking) return;
      const { status } = this.#store.dispatch({ type: "listen" });
      // Taking their time ("give me a minute"), the participant is listened to all the same.
      if (status !== "listening" && status !== "thinking") return;
      this.#startListening();
      const next = this.#waiting.shift();
      if (next) this.#takeRecording(next);
    }, ms);
  }

  stop() {
    this.#speaking?.stop();
    this.#speaking = null;
    this.#waiting = [];
    this.#recognizer?.stop();
    this.#recognizer = null;
    this.#capture?.close();
    this.#capture = null;
    this.#store.dispatch({ type: "close" });
  }

  /** The page has gone: everything stops for good. */
  dispose() {
    this.stop();
    this.#patience.dispose();
  }

  /**
   * A turn: the utterance was taken (listening, no other turn); runs it and ends it whatever happens.
   * A recording's turn keeps the microphone on while it is transcribed; sending an answer stops it.
   */
  async #takeTurn(run: () => Promise<void>, { keepListening = false } = {}) {
    const before = this.#store.get();
    const after = this.#store.dispatch({ type: "heard" });
    if (after === before || after.turn === null) return;
    if (!keepListening) this.#stopListening();
    try {
      await run();
    } catch {
      toast(SPEECH_PROCESSING_TOAST);
      this.listenAfter(VOICE.errorRetryMs);
    } finally {
      this.#store.dispatch({ type: "turnDone", turn: after.turn });
    }
  }

  /** The participant's answer, handed to the page: listening stops until the reply has been said. */
  async #send(text: string, started?: StartedTurn) {
    this.#stopListening();
    this.#waiting = [];
    const exchange = this.#host.options().onHeard(text, started);
    // Drawn once the exchange's request has left (it is made in a microtask queued before this one).
    queueMicrotask(
      () =>
        void afterRequestsLeave().then(() =>
          toast({ title: "Message sent", description: messagePreview(text), duration: 2000 }),
        ),
    );
    await exchange;
  }

  /** What was heard, by either listener: checked (spec 2 §5), then sent or held (endOfTurn.ts). */
  async #heard(text: string, started?: StartedTurn) {
    // The server began a reply only to words these same checks send (it reads them by the same rules).
    if (isServiceUnavailableText(text)) {
      started?.cancel();
      toast(SPEECH_UNAVAILABLE_TOAST);
      return this.stop();
    }
    if (!isValidTranscription(text)) {
      started?.cancel();
      return this.listenAfter(VOICE.noSpeechRetryMs);
    }
    const answer = this.#patience.take(text.trim());
    if (answer === null) {
      started?.cancel();
      return this.listenAfter(0);
    }
    await this.#send(answer, started);
  }

  /** One recording from the microphone, checked in the spec's order (spec 2 §5, §8). */
  #onRecording({ blob, speechMs }: Utterance) {
    return this.#takeTurn(
      async () => {
        performance.mark(MARK_UTTERANCE_END);
        const continuing = this.#store.get().held !== "";
        if (judgeRecording({ bytes: blob.size, speechMs, continuing }) === "no-speech") {
          toast(NO_SPEECH_TOAST);
          return this.listenAfter(VOICE.noSpeechRetryMs);
        }
        // Transcribed and, when the words are the whole answer, answered in the one request: the
        // server prepares the turn while it transcribes (issue 34). It reads the words as the page
        // does, from the words held here of an answer said in pieces.
        // After a barge-in, the reply's "not said" mark is saved before the next turn is asked for
        // (the model reads it): that recording is transcribed alone and its turn asked after, as before.
        const options = this.#host.options();
        const alone = this.#afterBargeIn;
        this.#afterBargeIn = false;
        let outcome: TranscriptionOutcome;
        let started: StartedTurn | undefined;
        try {
          if (alone) outcome = await transcribeOnly(options.interviewId, blob);
          else
            ({ outcome, turn: started } = await sendVoiceTurn({
              interviewId: options.interviewId,
              blob,
              answerId: answerId(),
              held: this.#patience.holding(),
              context: options.turnContext(),
            }));
        } catch {
          outcome = { kind: "retry" };
        }
        if (outcome.kind !== "text") started?.cancel();
        if (outcome.kind === "unavailable") {
          toast(SPEECH_UNAVAILABLE_TOAST);
          return this.stop();
        }
        if (outcome.kind === "retry") {
          toast(AUDIO_PROCESSING_TOAST);
          return this.listenAfter(VOICE.errorRetryMs);
        }
        if (outcome.kind === "invalid") return this.listenAfter(VOICE.noSpeechRetryMs);
        await this.#heard(outcome.text, started);
      },
      { keepListening: true },
    );
  }

  /** A recording that ends while another is transcribed waits for the loop to listen again. */
  #takeRecording(utterance: Utterance) {
    if (this.#store.get().turn === null) void this.#onRecording(utterance);
    else this.#waiting.push(utterance);
  }

  #makeRecognizer() {
    const listener = new BrowserRecognizer();
    listener.onSpeechEnd = () => performance.mark(MARK_UTTERANCE_END);
    listener.onText = (text) => void this.#takeTurn(() => this.#heard(text));
    listener.onFailure = (failure) => {
      const { status } = this.#store.get();
      if (status !== "listening" && status !== "thinking") return;
      if (failure === "no-speech") return this.listenAfter(0); // a pause to think: listen on, quietly
      // The browser's recognizer does not work here (refused, offline, no device; headless Chromium
      // answers not-allowed or audio-capture). The microphone itself opened, so recordings go to the
      // server instead, which says 'Speech Recognition Unavailable' when it has no speech service either.
      this.#recognizer = null;
      this.#store.dispatch({ type: "ready", listener: "server" });
      this.#startListening();
    };
    return listener;
  }

  /** Opens the microphone; a failure falls back to text with the spec's message. */
  async start(): Promise<boolean> {
    this.#store.dispatch({ type: "open" });
    try {
      const voice = await VoiceCapture.open(speechPlayer.context);
      this.#capture = voice;
      voice.onUtterance = (utterance) => this.#takeRecording(utterance);
      voice.onSpeechStart = this.#patience.resumed;
      voice.onSilence = (silent) => this.#store.dispatch({ type: "micSilent", silent });
      // A recorder that cannot start is a microphone failure: 'Voice Recognition Failed', text.
      voice.onFailure = () => {
        toast(MICROPHONE_TOASTS.failed);
        this.stop();
      };
      // The plan's listener; a browser recognizer that then fails sends recordings to the server,
      // whose 503 (no speech service) leads to 'Speech Recognition Unavailable'.
      const { plan } = this.#host.options();
      const browser = plan.listener === "browser" && browserCanRecognize();
      if (!browser && !voice.canRecord)
        throw new DOMException("No supported recording type", "NotSupportedError");
      this.#recognizer = browser ? this.#makeRecognizer() : null;
      this.#store.dispatch({ type: "ready", listener: browser ? "browser" : "server" });
      if (this.#host.output() !== "blocked") this.#host.setOutput(plan.speaker ? "sound" : "text");
      return true;
    } catch (error) {
      toast(MICROPHONE_TOASTS[microphoneFailure(error)]);
      this.stop();
      return false;
    }
  }

  /**
   * Speaks a reply while it streams. Paused or out of voice, or with nothing to speak with here (or
   * sound refused until the next tap), it says nothing (the text is shown) and listens afterwards.
   */
  speakReply(welcome = false): ReplySpeaker {
    const store = this.#store;
    const host = this.#host;
    const listenDelay = welcome ? VOICE.welcomeListenDelayMs : VOICE.replyListenDelayMs;
    const speaker = host.options().plan.speaker;
    if (heldBack(store.get()) || speaker === null || host.output() === "blocked") {
      return {
        push() {},
        end: async () => {
          this.listenAfter(listenDelay);
          return null;
        },
        stop() {},
      };
    }
    this.#stopListening();
    const queue = new SpeechQueue({ engine: speaker, interviewId: host.options().interviewId });
    const splitter = new SentenceSplitter();
    let interrupted = false;
    let stopWatching = () => {};
    const bargeIn = () => {
      if (queue.stopped) return;
      interrupted = true;
      this.#afterBargeIn = true;
      queue.stop();
      if (this.#speaking === reply) this.#speaking = null;
      if (store.dispatch({ type: "bargeIn" }).status === "listening") this.#startListening();
    };
    // Never a silent "speaking": the page says sound was refused, and the question is shown.
    queue.onRefused = () => host.setOutput("blocked");
    queue.onFirstAudio = () => {
      host.setOutput("sound");
      performance.mark(MARK_AGENT_AUDIO);
      store.dispatch({ type: "speak", welcome });
      const voice = this.#capture;
      if (voice) stopWatching = watchForBargeIn(() => voice.level(), bargeIn);
    };
    const reply: ReplySpeaker = {
      push(chunk) {
        for (const sentence of splitter.push(chunk)) queue.add(sentence);
      },
      end: async (fullText) => {
        for (const sentence of splitter.flush()) queue.add(sentence);
        queue.close();
        await queue.finished;
        stopWatching();
        if (this.#speaking === reply) this.#speaking = null;
        if (!queue.stopped && !queue.heard && host.output() === "sound") host.setOutput("text");
        if (interrupted) {
          const said = queue.saidText().trimStart();
          return { said, notSaid: fullText.trimStart().slice(said.length) };
        }
        if (!queue.stopped) this.listenAfter(listenDelay);
        return null;
      },
      stop: () => {
        stopWatching();
        queue.stop();
        if (this.#speaking === reply) this.#speaking = null;
      },
    };
    this.#speaking?.stop();
    this.#speaking = reply;
    return reply;
  }

  /** Pause or Resume, tapped: resuming unlocks sound again in the same tap. */
  pauseOrResume(unlock: () => void) {
    const { status } = this.#store.get();
    if (status === "thinking") return this.#patience.resumed();
    if (status === "paused") {
      unlock();
      this.#patience.resumed();
      if (this.#store.dispatch({ type: "resume" }).status === "listening")
        this.listenAfter(VOICE.resumeDelayMs);
      return;
    }
    this.#stopListening();
    this.#speaking?.stop();
    this.#store.dispatch({ type: "pause" });
  }
}
