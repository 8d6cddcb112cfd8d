import { describe, expect, it } from "vitest";
import { prerenderedPageAt } from "../../api/src/web-static";
import { PRERENDERED_PAGES } from "./prerendered";

describe("which page rendered at build time the app server sends for a URL", () => {
  it("is the page rendered at that URL, whatever else the query says", () => {
    for (const [page, url] of Object.entries(PRERENDERED_PAGES)) {
      const { pathname, search } = new URL(url, "http://parley.test");
      expect(prerenderedPageAt(pathname, search), url).toBe(page);
      expect(prerenderedPageAt(pathname, `${search}${search ? "&" : "?"}utm_source=mail`), url).toBe(page);
    }
    expect(prerenderedPageAt("/auth/", "")).toBe("auth");
    expect(prerenderedPageAt("/auth", "?mode=login")).toBe("auth");
    expect(prerenderedPageAt("/auth", "?mode=registered")).toBe("auth");
    expect(prerenderedPageAt("/auth", "?from=%2Fprojects&mode=register")).toBe("register");
  });

  it("is none for every other page", () => {
    for (const pathname of ["/authors", "/pricing", "/interview/abc", "/projects", "/auth/x"])
      expect(prerenderedPageAt(pathname, ""), pathname).toBeUndefined();
  });
});
