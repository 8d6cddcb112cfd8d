import { afterEach, describe, expect, it, vi } from "vitest";
import { speak } from "./speech";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("speak", () => {
  it("asks /api/ai/tts with cookies and the interview id but without the auth header (spec 1 §7)", async () => {
    const calls: Array<[string, RequestInit]> = [];
    vi.stubGlobal("localStorage", { getItem: () => "owner-token", setItem() {}, removeItem() {} });
    vi.stubGlobal("window", {}); // no browser voice: the fallback resolves at once
    vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
      calls.push([url, init]);
      return new Response("{}", { status: 503 });
    });
    await speak("Welcome to the interview.", 7);
    expect(calls).toHaveLength(1);
    const [url, init] = calls[0] as [string, RequestInit];
    expect(url).toBe("/api/ai/tts");
    expect(init).toMatchObject({ method: "POST", credentials: "include" });
    expect(init.headers).toEqual({ "Content-Type": "application/json" });
    expect(JSON.parse(init.body as string)).toEqual({ text: "Welcome to the interview.", interviewId: 7 });
  });
});
