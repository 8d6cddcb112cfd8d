import { describe, expect, it } from "vitest";
import { pickRecordingType, SILENT_MICROPHONE_MS, SilenceWatch, speechSpanMs } from "./capture";
import { judgeRecording } from "./rules";

describe("pickRecordingType", () => {
  const supports =
    (...types: string[]) =>
    (type: string) =>
      types.includes(type);

  it("records WebM/Opus where it can (Chromium, Firefox, Safari 18.4+)", () => {
    expect(pickRecordingType(supports("audio/webm;codecs=opus", "audio/webm", "audio/mp4"))).toBe(
      "audio/webm;codecs=opus",
    );
  });

  it("records MP4 in Safari before 18.4, which has no WebM recorder, and Ogg where only that works", () => {
    expect(pickRecordingType(supports("audio/mp4"))).toBe("audio/mp4");
    expect(pickRecordingType(supports("audio/ogg;codecs=opus", "audio/ogg"))).toBe("audio/ogg;codecs=opus");
  });

  it("answers null when the browser can record none of them", () => {
    expect(pickRecordingType(() => false)).toBeNull();
  });
});

describe("SilenceWatch", () => {
  it("names a microphone that gives no sound for 10 s, once, and says when sound comes back", () => {
    const watch = new SilenceWatch();
    const seen: Array<string | null> = [];
    for (let t = 0; t <= SILENT_MICROPHONE_MS + 1000; t += 100) seen.push(watch.update(0, t));
    expect(seen.filter(Boolean)).toEqual(["silent"]);
    expect(seen.indexOf("silent") * 100).toBe(SILENT_MICROPHONE_MS);
    expect(watch.update(55, SILENT_MICROPHONE_MS + 1100)).toBe("sound");
    expect(watch.update(55, SILENT_MICROPHONE_MS + 1200)).toBeNull();
  });

  it("does not name a working microphone in a quiet room, whose level never stays at nothing", () => {
    const watch = new SilenceWatch();
    const seen: Array<string | null> = [];
    // A noise floor that dips to zero now and then, and a word every few seconds.
    for (let t = 0; t <= 30_000; t += 100) seen.push(watch.update(t % 4000 < 300 ? 40 : t % 700 ? 0 : 2, t));
    expect(seen.filter(Boolean)).toEqual([]);
  });

  it("starts over when listening starts again", () => {
    const watch = new SilenceWatch();
    watch.update(0, 0);
    watch.reset();
    expect(watch.update(0, SILENT_MICROPHONE_MS)).toBeNull();
    expect(watch.update(0, 2 * SILENT_MICROPHONE_MS)).toBe("silent");
  });
});

describe("speechSpanMs", () => {
  it("keeps a 1 s utterance whose level reads came a millisecond or two early", () => {
    // Eleven loud reads, 100 ms apart by the timer, 998 ms apart by the clock (seen in Chromium).
    expect(speechSpanMs(94_118, 95_116)).toBe(1000);
    expect(judgeRecording({ bytes: 20_000, speechMs: speechSpanMs(94_118, 95_116) })).toBe("speech");
    expect(speechSpanMs(77_192, 78_293)).toBe(1100);
    // Ten reads are 900 ms of sound, still too short to be an answer.
    expect(judgeRecording({ bytes: 20_000, speechMs: speechSpanMs(10_000, 10_902) })).toBe("no-speech");
  });
});
