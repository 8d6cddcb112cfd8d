import { afterEach, describe, expect, it, vi } from "vitest";
import { apiRequest, errorMessage } from "./api";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("apiRequest", () => {
  it("sends JSON only with a body, always with credentials, and the stored Bearer token", async () => {
    const calls: Array<[string, RequestInit]> = [];
    vi.stubGlobal("localStorage", { getItem: () => "tok123", setItem() {}, removeItem() {} });
    vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
      calls.push([url, init]);
      return new Response("{}", { status: 200 });
    });
    await apiRequest("GET", "/api/projects");
    await apiRequest("POST", "/api/projects", { title: "T" });
    const [get, post] = calls;
    expect(get?.[1]).toMatchObject({ method: "GET", credentials: "include", body: undefined });
    expect(get?.[1].headers).toEqual({ Authorization: "Bearer tok123" });
    expect(post?.[1].headers).toEqual({ "Content-Type": "application/json", Authorization: "Bearer tok123" });
    expect(post?.[1].body).toBe('{"title":"T"}');
  });

  it("throws 'status: body' on a non-OK answer, or the status text when the body is empty", async () => {
    vi.stubGlobal("localStorage", { getItem: () => null, setItem() {}, removeItem() {} });
    vi.stubGlobal("fetch", async () => new Response('{"message":"Project limit reached"}', { status: 403 }));
    await expect(apiRequest("POST", "/api/projects", {})).rejects.toThrow(
      '403: {"message":"Project limit reached"}',
    );
    vi.stubGlobal("fetch", async () => new Response("", { status: 502, statusText: "Bad Gateway" }));
    await expect(apiRequest("GET", "/api/projects")).rejects.toThrow("502: Bad Gateway");
  });
});

describe("errorMessage", () => {
  it("reads the message of a JSON error body", () => {
    expect(errorMessage(new Error('403: {"message":"Project limit reached"}'))).toBe("Project limit reached");
    expect(errorMessage(new Error("500: plain text"))).toBe("plain text");
    expect(errorMessage("not an error", "fallback")).toBe("fallback");
  });
});
