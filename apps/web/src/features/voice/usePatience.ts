import { useCallback, useEffect, useMemo, useRef } from "react";
import type { Store } from "../../hooks/store";
import { TurnPatience } from "../../lib/voice/endOfTurn";
import type { VoiceAction, VoiceState } from "./voiceMachine";

/** How often held words are checked for being due (lib/voice/endOfTurn.ts waits 3 s for more). */
const DUE_CHECK_MS = 250;

/**
 * End of turn with patience (issue 24) inside the voice loop: each transcript is either the answer
 * to send or held while the participant goes on ("…and") or takes their time ("give me a minute",
 * shown as "Take your time"). Held words are sent once nothing more has come for the wait.
 */
export function usePatience(
  store: Store<VoiceState, VoiceAction>,
  options: {
    /** The participant is speaking now (a recording under way, or recent sound). */
    speaking: () => boolean;
    /** Sends held words as the participant's answer (a turn of its own). */
    send: (text: string) => void;
  },
) {
  const patience = useMemo(() => new TurnPatience(), []);
  const latest = useRef(options);
  latest.current = options;
  const show = useCallback(() => store.dispatch({ type: "hold", text: patience.held }), [patience, store]);

  // Out of voice, nothing is held.
  useEffect(
    () =>
      store.subscribe(() => {
        if (store.get().status === "off") patience.clear();
      }),
    [patience, store],
  );

  useEffect(() => {
    const timer = setInterval(() => {
      const { status, turn } = store.get();
      if (status !== "listening" || turn !== null) return;
      const due = patience.due(Date.now(), latest.current.speaking());
      if (due === null) return;
      show();
      latest.current.send(due);
    }, DUE_CHECK_MS);
    return () => clearInterval(timer);
  }, [patience, show, store]);

  /** A transcript: the answer to send now (with any held words before it), or null to listen on. */
  const take = useCallback(
    (text: string): string | null => {
      const step = patience.take(text, Date.now());
      show();
      if (step.kind === "send") return step.text;
      if (step.reason === "thinking") store.dispatch({ type: "think" });
      return null;
    },
    [patience, show, store],
  );

  /** Listening resumed (Resume, or the participant speaking after asking for time). */
  const resumed = useCallback(() => {
    patience.resumed(Date.now());
    if (store.get().status === "thinking") store.dispatch({ type: "resume" });
  }, [patience, store]);

  return useMemo(() => ({ take, resumed }), [take, resumed]);
}
