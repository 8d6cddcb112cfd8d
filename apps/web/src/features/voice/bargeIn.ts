import { VOICE } from "../../lib/voice/capture";

/** Speech over the agent for this long stops it (issue 16: about 300 ms above the threshold). */
export const BARGE_IN_MS = 300;
const CHECK_EVERY_MS = 50;
/** Gaps between words shorter than this do not restart the count. */
const GAP_TOLERANCE_MS = 150;

/**
 * Watches the microphone level while the agent speaks; calls onBargeIn once the participant has
 * been speaking (level above the spec's threshold of 8) for about 300 ms. The microphone has echo
 * cancellation on, so the agent's own voice from the speakers does not count. Returns a stop function.
 */
export function watchForBargeIn(level: () => number, onBargeIn: () => void): () => void {
  let loudSince: number | null = null;
  let lastLoud = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    if (level() > VOICE.threshold) {
      loudSince ??= now;
      lastLoud = now;
      if (now - loudSince >= BARGE_IN_MS) {
        clearInterval(timer);
        onBargeIn();
      }
    } else if (loudSince !== null && now - lastLoud > GAP_TOLERANCE_MS) {
      loudSince = null;
    }
  }, CHECK_EVERY_MS);
  return () => clearInterval(timer);
}
