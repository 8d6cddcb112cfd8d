import { describe, expect, it } from "vitest";
import { prerenderedPageAt as servedAt } from "../../api/src/web-static";
import { PRERENDERED_PAGES, prerenderedPageAt } from "./prerendered";

const URLS = [
  "/",
  "/?utm_source=mail",
  "/auth",
  "/auth/",
  "/auth?mode=login",
  "/auth?mode=register",
  "/auth?from=%2Fprojects&mode=register",
  "/auth?mode=registered",
  "/authors",
  "/pricing",
  "/interview/abc",
];

describe("which page rendered at build time a URL is", () => {
  it("is the page the browser hydrates and the page the app server sends, for every URL", () => {
    for (const url of URLS) {
      const { pathname, search } = new URL(url, "http://parley.test");
      expect(prerenderedPageAt(pathname, search), url).toBe(servedAt(pathname, search));
    }
  });

  it("is the page rendered at that page's own URL", () => {
    for (const [page, url] of Object.entries(PRERENDERED_PAGES)) {
      const { pathname, search } = new URL(url, "http://parley.test");
      expect(prerenderedPageAt(pathname, search)).toBe(page);
    }
    expect(prerenderedPageAt("/auth", "?mode=register")).toBe("register");
    expect(prerenderedPageAt("/auth", "?mode=login")).toBe("auth");
    expect(prerenderedPageAt("/pricing", "")).toBeUndefined();
  });
});
