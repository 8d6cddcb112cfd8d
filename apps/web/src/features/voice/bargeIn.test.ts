import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { watchForBargeIn } from "./bargeIn";

/** A microphone level over time: bursts of speech (level 60) at [from, to) ms, silence elsewhere. */
const speech =
  (...bursts: Array<[number, number]>) =>
  () => {
    const at = performance.now();
    return bursts.some(([from, to]) => at >= from && at < to) ? 60 : 0;
  };

describe("watchForBargeIn", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "performance"] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each([
    ["yeah", [[1000, 1240]]],
    ["right", [[1000, 1330]]],
    [
      "mm-hmm, said as two sounds",
      [
        [1000, 1250],
        [1330, 1530],
      ],
    ],
    ["yeah, yeah", [[1000, 1680]]],
    [
      "two backchannels a second apart",
      [
        [1000, 1500],
        [2500, 3000],
      ],
    ],
  ] as Array<[string, Array<[number, number]>]>)("lets the interviewer go on over %s", (_said, bursts) => {
    const onBargeIn = vi.fn();
    const stop = watchForBargeIn(speech(...bursts), onBargeIn);
    vi.advanceTimersByTime(5000);
    stop();
    expect(onBargeIn).not.toHaveBeenCalled();
  });

  it("stops the interviewer when the participant keeps talking, about 0.8 s after they start", () => {
    const onBargeIn = vi.fn();
    const stop = watchForBargeIn(speech([1000, 1200], [1300, 2600]), onBargeIn);
    vi.advanceTimersByTime(1750);
    expect(onBargeIn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(150);
    expect(onBargeIn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(3000);
    expect(onBargeIn).toHaveBeenCalledTimes(1);
    stop();
  });
});
