/**
 * The voice loop's state machine (spec 2 §4): initializing, welcome message playing, listening,
 * processing, agent speaking, paused; "off" outside voice mode. A turn (one utterance, its
 * transcription, the reply and its speech) has an id while it is under way: processing is skipped
 * while the agent speaks or another turn is being processed. "thinking" is listening after the
 * participant asked for time ("give me a minute", issue 24): "Take your time" until they speak
 * again or resume.
 */
export type VoiceStatus =
  | "off"
  | "initializing"
  | "welcome"
  | "listening"
  | "processing"
  | "speaking"
  | "paused"
  | "thinking";

/** Who listens: the server's transcription, or the browser's own speech recognition. */
export type ListenerEngine = "server" | "browser";

export interface VoiceState {
  status: VoiceStatus;
  listener: ListenerEngine | null;
  /** The turn under way, if any. */
  turn: number | null;
  nextTurn: number;
  /** The microphone has given no sound at all for 10 s of listening. */
  micSilent: boolean;
  /** Words heard of an answer not yet sent (it was left unfinished, or paused for time). */
  held: string;
}

export type VoiceAction =
  | { type: "open" }
  | { type: "ready"; listener: ListenerEngine }
  | { type: "listen" }
  | { type: "heard" }
  | { type: "speak"; welcome?: boolean }
  | { type: "turnDone"; turn: number }
  | { type: "bargeIn" }
  | { type: "pause" }
  | { type: "resume" }
  | { type: "think" }
  | { type: "micSilent"; silent: boolean }
  | { type: "hold"; text: string }
  | { type: "close" };

export const initialVoiceState: VoiceState = {
  status: "off",
  listener: null,
  turn: null,
  nextTurn: 1,
  micSilent: false,
  held: "",
};

/** Paused or out of voice: nothing is said or heard until the participant resumes. */
export const heldBack = (state: VoiceState) => state.status === "off" || state.status === "paused";

/** A silent microphone is named only while the loop listens for the participant. */
export function voiceReducer(state: VoiceState, action: VoiceAction): VoiceState {
  const next = step(state, action);
  return next.micSilent && next.status !== "listening" ? { ...next, micSilent: false } : next;
}

function step(state: VoiceState, action: VoiceAction): VoiceState {
  switch (action.type) {
    case "open":
      return { ...initialVoiceState, nextTurn: state.nextTurn, status: "initializing" };
    case "ready":
      return state.status === "off" ? state : { ...state, listener: action.listener };
    case "listen":
      // Never while a turn is processed (its reply will listen again) or while paused; taking their
      // time, the participant is listened to behind "Take your time".
      if (heldBack(state) || state.turn !== null || state.status === "thinking") return state;
      return { ...state, status: "listening" };
    case "heard":
      // Only a listening loop takes an utterance; during speech or processing it is skipped.
      if ((state.status !== "listening" && state.status !== "thinking") || state.turn !== null) return state;
      return { ...state, status: "processing", turn: state.nextTurn, nextTurn: state.nextTurn + 1 };
    case "speak":
      if (heldBack(state)) return state;
      return { ...state, status: action.welcome ? "welcome" : "speaking" };
    case "turnDone":
      return state.turn === action.turn ? { ...state, turn: null } : state;
    case "bargeIn":
      // The participant spoke over the agent: its turn is over, and the loop listens at once.
      if (state.status !== "speaking" && state.status !== "welcome") return state;
      return { ...state, status: "listening", turn: null };
    case "pause":
      return state.status === "off" ? state : { ...state, status: "paused" };
    case "resume":
      // A turn still being processed carries on to its reply; otherwise listening resumes.
      if (state.status === "thinking") return { ...state, status: "listening" };
      if (state.status !== "paused") return state;
      return { ...state, status: state.turn !== null ? "processing" : "listening" };
    case "think":
      // Asked for time while its utterance was processed: nothing is sent, listening waits.
      if (heldBack(state) || state.status === "speaking" || state.status === "welcome") return state;
      return { ...state, status: "thinking" };
    case "micSilent":
      if (state.micSilent === action.silent || (action.silent && state.status !== "listening")) return state;
      return { ...state, micSilent: action.silent };
    case "hold":
      return state.held === action.text ? state : { ...state, held: action.text };
    case "close":
      return { ...initialVoiceState, nextTurn: state.nextTurn };
  }
}
