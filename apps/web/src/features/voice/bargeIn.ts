import { takesTheTurn } from "@parley/ai/voice/endOfTurn";
import { VOICE } from "../../lib/voice/capture";

const CHECK_EVERY_MS = 50;
/** Gaps between words shorter than this do not restart the count. */
const GAP_TOLERANCE_MS = 150;

/**
 * Watches the microphone level while the agent speaks; calls onBargeIn once the participant has been
 * speaking (level above the spec's threshold of 8) long enough to be taking the turn (endOfTurn.ts:
 * 800 ms). Shorter sound, a backchannel such as "mm-hmm" or "yeah", lets the agent go on. The
 * microphone has echo cancellation on, so the agent's own voice from the speakers does not count.
 * Returns a stop function.
 */
export function watchForBargeIn(level: () => number, onBargeIn: () => void): () => void {
  let loudSince: number | null = null;
  let lastLoud = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    if (level() > VOICE.threshold) {
      loudSince ??= now;
      lastLoud = now;
      if (takesTheTurn(now - loudSince)) {
        clearInterval(timer);
        onBargeIn();
      }
    } else if (loudSince !== null && now - lastLoud > GAP_TOLERANCE_MS) {
      loudSince = null;
    }
  }, CHECK_EVERY_MS);
  return () => clearInterval(timer);
}
