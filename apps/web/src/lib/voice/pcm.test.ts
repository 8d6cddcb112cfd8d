import { describe, expect, it } from "vitest";
import { nextStartTime, PCM_SAMPLE_RATE, PcmSamples, playPcm, scheduleLead } from "./pcm";
import { SpeechDownload } from "./streaming";

/** 16-bit little-endian bytes of these sample values. */
const bytesOf = (...values: number[]) => {
  const bytes = new Uint8Array(values.length * 2);
  const view = new DataView(bytes.buffer);
  for (const [i, value] of values.entries()) view.setInt16(i * 2, value, true);
  return bytes;
};

describe("PcmSamples", () => {
  it("reads 16-bit little-endian samples as floats", () => {
    expect(Array.from(new PcmSamples().push(bytesOf(0, 16384, -32768, -1)))).toEqual([
      0,
      0.5,
      -1,
      -1 / 32768,
    ]);
  });

  it("joins a sample whose two bytes came in two parts", () => {
    const whole = bytesOf(1000, -2000, 3000, -4000);
    const samples = new PcmSamples();
    const first = samples.push(whole.subarray(0, 3)); // the second sample's low byte only
    const second = samples.push(whole.subarray(3, 5)); // its high byte, and half the third
    const third = samples.push(whole.subarray(5)); // the rest
    expect([...first, ...second, ...third]).toEqual(Array.from(new PcmSamples().push(whole)));
    expect([first.length, second.length, third.length]).toEqual([1, 1, 2]);
  });

  it("keeps a carried byte across an empty part, and reads parts at an odd offset of their buffer", () => {
    const samples = new PcmSamples();
    expect(samples.push(new Uint8Array([0x34]))).toHaveLength(0);
    expect(samples.push(new Uint8Array(0))).toHaveLength(0);
    const shifted = new Uint8Array([0xff, 0x12, 0x00, 0x40]).subarray(1); // byteOffset 1
    expect(Array.from(samples.push(shifted))).toEqual([0x1234 / 32768, 0x4000 / 32768]);
  });
});

/** The lead at the sample rate fakeContext() runs at. */
const LEAD = scheduleLead(48_000);

describe("scheduleLead", () => {
  it("is one render quantum: under 3 ms at 44.1 and 48 kHz", () => {
    expect(scheduleLead(48_000)).toBeCloseTo(128 / 48_000);
    expect(scheduleLead(44_100) * 1000).toBeLessThan(3);
  });
});

describe("nextStartTime", () => {
  it("plays each part right after the one before", () => {
    expect(nextStartTime(1, 1.2, LEAD)).toBe(1.2);
  });

  it("starts a first or late part a short lead from now, never in the past", () => {
    expect(nextStartTime(1, 0, LEAD)).toBeCloseTo(1 + LEAD);
    expect(nextStartTime(2, 1.995, LEAD)).toBeCloseTo(2 + LEAD);
  });
});

/** An AudioContext stand-in that records each buffer scheduled and lets the test end them. */
function fakeContext() {
  const scheduled: Array<{ at: number; samples: number[]; stopped: boolean; end: () => void }> = [];
  const context = {
    currentTime: 10,
    sampleRate: 48_000,
    destination: {},
    createBuffer(_channels: number, length: number, rate: number) {
      const data = new Float32Array(length);
      return { duration: length / rate, getChannelData: () => data, data };
    },
    createBufferSource() {
      const entry = { at: 0, samples: [] as number[], stopped: false, end: () => node.onended?.() };
      const node = {
        buffer: null as { data: Float32Array } | null,
        onended: null as (() => void) | null,
        connect() {},
        disconnect() {},
        start(at: number) {
          entry.at = at;
          entry.samples = Array.from(node.buffer?.data ?? []);
          scheduled.push(entry);
        },
        stop() {
          entry.stopped = true;
        },
      };
      return node;
    },
  };
  return { context: context as unknown as AudioContext, scheduled };
}

function pushedDownload() {
  let push!: (part: Uint8Array | null) => void;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      push = (part) => (part ? controller.enqueue(part) : controller.close());
    },
  });
  return { download: new SpeechDownload(body), push };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("playPcm", () => {
  it("schedules parts back to back as they arrive, a sample split between them whole, and ends after the last", async () => {
    const { context, scheduled } = fakeContext();
    const { download, push } = pushedDownload();
    const events: string[] = [];
    const { done } = playPcm(context, download, () => events.push("playing"));
    const whole = bytesOf(100, 200, 300);
    push(whole.subarray(0, 3));
    await tick();
    push(whole.subarray(3));
    push(null);
    await download.complete;
    expect(scheduled.map((s) => s.samples.map((v) => Math.round(v * 32768)))).toEqual([[100], [200, 300]]);
    expect(scheduled[0]?.at).toBeCloseTo(10 + LEAD);
    expect(scheduled[1]?.at).toBeCloseTo((scheduled[0]?.at as number) + 1 / PCM_SAMPLE_RATE);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(events).toEqual(["playing"]);
    for (const part of scheduled) part.end();
    await expect(done).resolves.toBe("ended");
  });

  it("answers failed when the download brought no audio, and stopped when stopped", async () => {
    const empty = pushedDownload();
    const silent = playPcm(fakeContext().context, empty.download, () => {});
    empty.push(null);
    await expect(silent.done).resolves.toBe("failed");

    const { context, scheduled } = fakeContext();
    const arriving = pushedDownload();
    const played = playPcm(context, arriving.download, () => {});
    arriving.push(bytesOf(1, 2));
    await tick();
    played.stop();
    await expect(played.done).resolves.toBe("stopped");
    expect(scheduled[0]?.stopped).toBe(true);
  });
});
