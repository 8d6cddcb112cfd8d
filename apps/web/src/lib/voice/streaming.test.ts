import { describe, expect, it } from "vitest";
import { chooseStreamingPath, SpeechDownload } from "./streaming";

const supporting = (...types: string[]) => ({ isTypeSupported: (type: string) => types.includes(type) });

describe("chooseStreamingPath", () => {
  it("streams through MediaSource where the browser has it", () => {
    expect(chooseStreamingPath({ MediaSource: supporting("audio/mpeg") })).toBe("media-source");
    expect(
      chooseStreamingPath({
        MediaSource: supporting("audio/mpeg"),
        ManagedMediaSource: supporting("audio/mpeg"),
      }),
    ).toBe("media-source");
  });

  it("streams through ManagedMediaSource on an iPhone, which has only that", () => {
    expect(chooseStreamingPath({ ManagedMediaSource: supporting("audio/mpeg") })).toBe(
      "managed-media-source",
    );
    expect(
      chooseStreamingPath({
        MediaSource: supporting("video/mp4"),
        ManagedMediaSource: supporting("audio/mpeg"),
      }),
    ).toBe("managed-media-source");
  });

  it("plays the whole file when neither can take MP3", () => {
    expect(chooseStreamingPath({})).toBe("whole-file");
    expect(chooseStreamingPath({ MediaSource: supporting("video/webm") })).toBe("whole-file");
    expect(chooseStreamingPath({ MediaSource: {} as never })).toBe("whole-file");
  });
});

describe("SpeechDownload", () => {
  it("keeps the parts as they arrive and says when the file is whole", async () => {
    let push!: (part: Uint8Array | null) => void;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        push = (part) => (part ? controller.enqueue(part) : controller.close());
      },
    });
    const download = new SpeechDownload(body);
    const seen: number[] = [];
    download.onProgress(() => seen.push(download.parts.length));
    push(new Uint8Array([1, 2]));
    push(new Uint8Array([3]));
    push(null);
    await expect(download.complete).resolves.toBe(true);
    expect(download.settled).toBe(true);
    expect(seen.at(-1)).toBe(2);
    expect(new Uint8Array(await download.blob().arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
  });

  it("settles with what arrived when the download breaks off", async () => {
    let pulls = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulls += 1;
        if (pulls === 1) controller.enqueue(new Uint8Array([9]));
        else controller.error(new Error("connection reset"));
      },
    });
    const download = new SpeechDownload(body);
    await expect(download.complete).resolves.toBe(false);
    expect(download.settled).toBe(true);
    expect(download.parts).toHaveLength(1);
  });
});
