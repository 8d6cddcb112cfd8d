import { audioFileName } from "@parley/ai/audioFormat";
import { isServiceUnavailableText, isValidTranscription } from "@parley/ai/speech";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { createStore, useStoreState } from "../../hooks/store";
import { afterRequestsLeave } from "../../lib/afterRequests";
import { toast } from "../../lib/toast";
import { type Utterance, VOICE, VoiceCapture } from "../../lib/voice/capture";
import { speechPlayer } from "../../lib/voice/player";
import { judgeRecording, messagePreview, microphoneFailure, readTranscription } from "../../lib/voice/rules";
import { browserHasVoices } from "../../lib/voice/speech";
import { watchForBargeIn } from "./bargeIn";
import { BrowserRecognizer, browserCanRecognize } from "./browserRecognizer";
import type { VoicePlan } from "./capabilities";
import { SentenceSplitter } from "./sentences";
import { SpeechQueue } from "./speechQueue";
import { usePatience } from "./usePatience";
import { heldBack, initialVoiceState, voiceReducer } from "./voiceMachine";
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

export interface VoiceLoopOptions {
  interviewId: number;
  /** Who listens and who speaks here (capabilities.ts). */
  plan: VoicePlan;
  /** The participant said this: run the exchange (speaking the reply through speakReply). */
  onHeard: (text: string) => Promise<void>;
}

/**
 * How the interviewer's words reach the participant: heard; shown only (no voice here, or the last
 * reply could not be played); or shown because the browser refused to play sound (its autoplay rule).
 */
export type VoiceOutput = "sound" | "text" | "blocked";

/** One reply being spoken sentence by sentence while it is written. */
export interface ReplySpeaker {
  push(chunk: string): void;
  /** The reply is complete: waits until it has been said; tells what was not said after a barge-in. */
  end(fullText: string): Promise<{ said: string; notSaid: string } | null>;
  stop(): void;
}

/**
 * The voice loop (spec 2 §4): microphone, listening (server transcription or the browser's own
 * recognizer), speaking replies as they stream, barge-in, pause and resume. State is a reducer
 * (voiceMachine.ts); the microphone, recognizer and speech are resources held here.
 */
export function useVoiceLoop(options: VoiceLoopOptions) {
  const store = useMemo(() => createStore(voiceReducer, initialVoiceState), []);
  const state = useStoreState(store);
  const latest = useRef(options);
  latest.current = options;
  const capture = useRef<VoiceCapture | null>(null);
  const recognizer = useRef<BrowserRecognizer | null>(null);
  const speaking = useRef<ReplySpeaker | null>(null);
  /**
   * Recordings finished while an earlier one was still being transcribed: the microphone stays on
   * then, so a participant who goes on after a pause is heard from their first word (issue 24).
   */
  const waiting = useRef<Utterance[]>([]);
  const takeRecording = useRef<(utterance: Utterance) => void>(() => {});
  const [output, setOutputState] = useState<VoiceOutput>("sound");
  const outputNow = useRef<VoiceOutput>("sound");
  const setOutput = useCallback((next: VoiceOutput) => {
    outputNow.current = next;
    setOutputState(next);
  }, []);

  /**
   * Must run synchronously inside the participant's tap (Start, Resume, the mode switch), before
   * any await: the one audio element and AudioContext are unlocked for the rest of the interview.
   */
  const unlock = useCallback(() => {
    speechPlayer.unlock({ primeBrowserVoice: browserHasVoices() });
    if (outputNow.current === "blocked") setOutput("sound");
  }, [setOutput]);

  const stopListening = useCallback(() => {
    capture.current?.stop();
    recognizer.current?.stop();
  }, []);

  const startListening = useCallback(() => {
    if (store.get().listener !== "browser") return capture.current?.start();
    recognizer.current?.start();
    // The level is still watched: speech onset, a silent microphone.
    capture.current?.start({ record: false });
  }, [store]);

  /**
   * Listens again after a delay, unless paused, out of voice, mid-turn or speaking meanwhile; a
   * recording made while the last one was transcribed is taken first.
   */
  const listenAfter = useCallback(
    (ms: number) => {
      setTimeout(() => {
        if (speaking.current) return;
        const { status } = store.dispatch({ type: "listen" });
        // Taking their time ("give me a minute"), the participant is listened to all the same.
        if (status !== "listening" && status !== "thinking") return;
        startListening();
        const next = waiting.current.shift();
        if (next) takeRecording.current(next);
      }, ms);
    },
    [startListening, store],
  );

  const stop = useCallback(() => {
    speaking.current?.stop();
    speaking.current = null;
    waiting.current = [];
    recognizer.current?.stop();
    recognizer.current = null;
    capture.current?.close();
    capture.current = null;
    store.dispatch({ type: "close" });
  }, [store]);

  useEffect(() => stop, [stop]);

  /**
   * A turn: the utterance was taken (listening, no other turn); runs it and ends it whatever happens.
   * A recording's turn keeps the microphone on while it is transcribed; sending an answer stops it.
   */
  const takeTurn = useCallback(
    async (run: () => Promise<void>, { keepListening = false } = {}) => {
      const before = store.get();
      const after = store.dispatch({ type: "heard" });
      if (after === before || after.turn === null) return;
      if (!keepListening) stopListening();
      try {
        await run();
      } catch {
        toast(SPEECH_PROCESSING_TOAST);
        listenAfter(VOICE.errorRetryMs);
      } finally {
        store.dispatch({ type: "turnDone", turn: after.turn });
      }
    },
    [listenAfter, stopListening, store],
  );

  /** The participant's answer, handed to the page: listening stops until the reply has been said. */
  const send = useCallback(
    async (text: string) => {
      stopListening();
      waiting.current = [];
      const exchange = latest.current.onHeard(text);
      // Drawn once the exchange's request has left (it is made in a microtask queued before this one).
      queueMicrotask(
        () =>
          void afterRequestsLeave().then(() =>
            toast({ title: "Message sent", description: messagePreview(text), duration: 2000 }),
          ),
      );
      await exchange;
    },
    [stopListening],
  );

  // Unfinished words and requests for time wait for more (lib/voice/endOfTurn.ts).
  const patience = usePatience(store, {
    speaking: () => capture.current?.speaking ?? false,
    send: (text) => void takeTurn(() => send(text)),
  });

  /** What was heard, by either listener: checked (spec 2 §5), then sent or held (endOfTurn.ts). */
  const heard = useCallback(
    async (text: string) => {
      if (isServiceUnavailableText(text)) {
        toast(SPEECH_UNAVAILABLE_TOAST);
        return stop();
      }
      if (!isValidTranscription(text)) return listenAfter(VOICE.noSpeechRetryMs);
      const answer = patience.take(text.trim());
      if (answer === null) return listenAfter(0);
      await send(answer);
    },
    [listenAfter, patience, send, stop],
  );

  /** One recording from the microphone, checked in the spec's order (spec 2 §5, §8). */
  const onRecording = useCallback(
    ({ blob, speechMs }: Utterance) =>
      takeTurn(
        async () => {
          performance.mark(MARK_UTTERANCE_END);
          const continuing = store.get().held !== "";
          if (judgeRecording({ bytes: blob.size, speechMs, continuing }) === "no-speech") {
            toast(NO_SPEECH_TOAST);
            return listenAfter(VOICE.noSpeechRetryMs);
          }
          const form = new FormData();
          form.append("interviewId", String(latest.current.interviewId));
          form.append("audio", blob, audioFileName(blob.type));
          let outcome: ReturnType<typeof readTranscription>;
          try {
            const res = await fetch("/api/ai/transcribe", {
              method: "POST",
              body: form,
              credentials: "include",
            });
            outcome = readTranscription(res.status, await res.json().catch(() => null));
          } catch {
            outcome = { kind: "retry" };
          }
          if (outcome.kind === "unavailable") {
            toast(SPEECH_UNAVAILABLE_TOAST);
            return stop();
          }
          if (outcome.kind === "retry") {
            toast(AUDIO_PROCESSING_TOAST);
            return listenAfter(VOICE.errorRetryMs);
          }
          if (outcome.kind === "invalid") return listenAfter(VOICE.noSpeechRetryMs);
          await heard(outcome.text);
        },
        { keepListening: true },
      ),
    [heard, listenAfter, stop, store, takeTurn],
  );
  // A recording that ends while another is transcribed waits for the loop to listen again.
  takeRecording.current = (utterance) =>
    store.get().turn === null ? void onRecording(utterance) : waiting.current.push(utterance);

  const makeRecognizer = useCallback(() => {
    const listener = new BrowserRecognizer();
    listener.onSpeechEnd = () => performance.mark(MARK_UTTERANCE_END);
    listener.onText = (text) => void takeTurn(() => heard(text));
    listener.onFailure = (failure) => {
      if (store.get().status !== "listening" && store.get().status !== "thinking") return;
      if (failure === "no-speech") return listenAfter(0); // a pause to think: listen on, quietly
      // The browser's recognizer does not work here (refused, offline, no device; headless Chromium
      // answers not-allowed or audio-capture). The microphone itself opened, so recordings go to the
      // server instead, which says 'Speech Recognition Unavailable' when it has no speech service either.
      recognizer.current = null;
      store.dispatch({ type: "ready", listener: "server" });
      startListening();
    };
    return listener;
  }, [heard, listenAfter, startListening, store, takeTurn]);

  /** Opens the microphone; a failure falls back to text with the spec's message. */
  const start = useCallback(async (): Promise<boolean> => {
    store.dispatch({ type: "open" });
    try {
      const voice = await VoiceCapture.open(speechPlayer.context);
      capture.current = voice;
      voice.onUtterance = (utterance) => takeRecording.current(utterance);
      voice.onSpeechStart = patience.resumed;
      voice.onSilence = (silent) => store.dispatch({ type: "micSilent", silent });
      // A recorder that cannot start is a microphone failure: 'Voice Recognition Failed', text.
      voice.onFailure = () => {
        toast(MICROPHONE_TOASTS.failed);
        stop();
      };
      // The plan's listener; a browser recognizer that then fails sends recordings to the server,
      // whose 503 (no speech service) leads to 'Speech Recognition Unavailable'.
      const browser = latest.current.plan.listener === "browser" && browserCanRecognize();
      if (!browser && !voice.canRecord)
        throw new DOMException("No supported recording type", "NotSupportedError");
      recognizer.current = browser ? makeRecognizer() : null;
      store.dispatch({ type: "ready", listener: browser ? "browser" : "server" });
      if (outputNow.current !== "blocked") setOutput(latest.current.plan.speaker ? "sound" : "text");
      return true;
    } catch (error) {
      toast(MICROPHONE_TOASTS[microphoneFailure(error)]);
      stop();
      return false;
    }
  }, [makeRecognizer, patience, setOutput, stop, store]);

  /**
   * Speaks a reply while it streams. Paused or out of voice, or with nothing to speak with here (or
   * sound refused until the next tap), it says nothing (the text is shown) and listens afterwards.
   */
  const speakReply = useCallback(
    (welcome = false): ReplySpeaker => {
      const listenDelay = welcome ? VOICE.welcomeListenDelayMs : VOICE.replyListenDelayMs;
      const speaker = latest.current.plan.speaker;
      if (heldBack(store.get()) || speaker === null || outputNow.current === "blocked") {
        return {
          push() {},
          async end() {
            listenAfter(listenDelay);
            return null;
          },
          stop() {},
        };
      }
      stopListening();
      const queue = new SpeechQueue({ engine: speaker, interviewId: latest.current.interviewId });
      const splitter = new SentenceSplitter();
      let interrupted = false;
      let stopWatching = () => {};
      const bargeIn = () => {
        if (queue.stopped) return;
        interrupted = true;
        queue.stop();
        if (speaking.current === reply) speaking.current = null;
        if (store.dispatch({ type: "bargeIn" }).status === "listening") startListening();
      };
      // Never a silent "speaking": the page says sound was refused, and the question is shown.
      queue.onRefused = () => setOutput("blocked");
      queue.onFirstAudio = () => {
        setOutput("sound");
        performance.mark(MARK_AGENT_AUDIO);
        store.dispatch({ type: "speak", welcome });
        const voice = capture.current;
        if (voice) stopWatching = watchForBargeIn(() => voice.level(), bargeIn);
      };
      const reply: ReplySpeaker = {
        push(chunk) {
          for (const sentence of splitter.push(chunk)) queue.add(sentence);
        },
        async end(fullText) {
          for (const sentence of splitter.flush()) queue.add(sentence);
          queue.close();
          await queue.finished;
          stopWatching();
          if (speaking.current === reply) speaking.current = null;
          if (!queue.stopped && !queue.heard && outputNow.current === "sound") setOutput("text");
          if (interrupted) {
            const said = queue.saidText().trimStart();
            return { said, notSaid: fullText.trimStart().slice(said.length) };
          }
          if (!queue.stopped) listenAfter(listenDelay);
          return null;
        },
        stop() {
          stopWatching();
          queue.stop();
          if (speaking.current === reply) speaking.current = null;
        },
      };
      speaking.current?.stop();
      speaking.current = reply;
      return reply;
    },
    [listenAfter, setOutput, startListening, stopListening, store],
  );

  /** Pause or Resume, tapped: resuming unlocks sound again in the same tap. */
  const pauseOrResume = useCallback(() => {
    const { status } = store.get();
    if (status === "thinking") return patience.resumed();
    if (status === "paused") {
      unlock();
      patience.resumed();
      if (store.dispatch({ type: "resume" }).status === "listening") listenAfter(VOICE.resumeDelayMs);
      return;
    }
    stopListening();
    speaking.current?.stop();
    store.dispatch({ type: "pause" });
  }, [listenAfter, patience, stopListening, store, unlock]);

  return { ...state, output, unlock, start, stop, listenAfter, speakReply, pauseOrResume };
}
