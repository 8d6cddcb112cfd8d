import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { createStore, useStoreState } from "../../hooks/store";
import { toast } from "../../lib/toast";
import { unlockAudio } from "../../lib/voice/audioUnlock";
import type { StartedTurn } from "../../lib/voice/voiceTurn";
import type { VoicePlan } from "./capabilities";
import { browserHasVoices } from "./capabilities";
import type { VoiceEngine } from "./voiceEngine";
import { initialVoiceState, voiceReducer } from "./voiceMachine";
import { MICROPHONE_TOASTS } from "./voiceToasts";

export interface VoiceLoopOptions {
  interviewId: number;
  /** Who listens and who speaks here (capabilities.ts). */
  plan: VoicePlan;
  /**
   * The participant said this: run the exchange (speaking the reply through speakReply); `started`,
   * the reply the server already began with the transcript (POST /api/ai/voice-turn).
   */
  onHeard: (text: string, started?: StartedTurn) => Promise<void>;
  /** The turn's context (notes, images) as an exchange sends it. */
  turnContext: () => { notes: string; imageContext: string };
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

/** Out of voice: a reply is shown, not said. */
const SAYS_NOTHING: ReplySpeaker = {
  push() {},
  end: async () => null,
  stop() {},
};

/**
 * The microphone, recognizer and speech code (voiceEngine.ts and all it imports): fetched when the
 * participant chooses voice, not with the page (issue 34), and asked for in that tap.
 */
const loadEngine = () => import("./voiceEngine");

/**
 * The voice loop (spec 2 §4) as the page sees it: its state (a reducer, voiceMachine.ts) and what
 * the participant's taps do. The work itself is voiceEngine.ts, loaded on first use; before that
 * the loop is off, and only unlocking sound (which must happen inside the tap) runs here.
 */
export function useVoiceLoop(options: VoiceLoopOptions) {
  const store = useMemo(() => createStore(voiceReducer, initialVoiceState), []);
  const state = useStoreState(store);
  const latest = useRef(options);
  latest.current = options;
  const engine = useRef<VoiceEngine | null>(null);
  const [output, setOutputState] = useState<VoiceOutput>("sound");
  const outputNow = useRef<VoiceOutput>("sound");
  const setOutput = useCallback((next: VoiceOutput) => {
    outputNow.current = next;
    setOutputState(next);
  }, []);

  useEffect(
    () => () => {
      engine.current?.dispose();
      engine.current = null;
    },
    [],
  );

  /**
   * Must run synchronously inside the participant's tap (Start, Resume, the mode switch), before
   * any await: the one audio element and AudioContext are unlocked for the rest of the interview.
   */
  const unlock = useCallback(() => {
    if (engine.current) engine.current.unlock();
    else {
      unlockAudio({ primeBrowserVoice: browserHasVoices(), playing: false });
      void loadEngine().catch(() => {});
    }
    if (outputNow.current === "blocked") setOutput("sound");
  }, [setOutput]);

  /** Opens the microphone (loading the voice code first); a failure falls back to text. */
  const start = useCallback(async (): Promise<boolean> => {
    if (!engine.current) {
      try {
        const { VoiceEngine } = await loadEngine();
        engine.current ??= new VoiceEngine({
          store,
          options: () => latest.current,
          output: () => outputNow.current,
          setOutput,
        });
      } catch {
        toast(MICROPHONE_TOASTS.failed);
        return false;
      }
    }
    return engine.current.start();
  }, [setOutput, store]);

  const stop = useCallback(() => {
    if (engine.current) engine.current.stop();
    else store.dispatch({ type: "close" });
  }, [store]);

  const listenAfter = useCallback((ms: number) => engine.current?.listenAfter(ms), []);

  /** Speaks a reply while it streams (see VoiceEngine.speakReply); out of voice it says nothing. */
  const speakReply = useCallback(
    (welcome = false): ReplySpeaker => engine.current?.speakReply(welcome) ?? SAYS_NOTHING,
    [],
  );

  /** Pause or Resume, tapped: resuming unlocks sound again in the same tap. */
  const pauseOrResume = useCallback(() => engine.current?.pauseOrResume(unlock), [unlock]);

  return { ...state, output, unlock, start, stop, listenAfter, speakReply, pauseOrResume };
}
