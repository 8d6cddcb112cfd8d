import { createHash } from "node:crypto";
import { ColorSchemeScript } from "@mantine/core";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { COLOR_SCHEME_SCRIPT_HASH, PRERENDERED_PAGE_CSP } from "../../api/src/security-headers";
import { DEFAULT_COLOR_SCHEME } from "./theme";

describe("the colour-scheme script at the head of the pages rendered at build time", () => {
  it("is allowed to run by the pages' Content-Security-Policy (else the page is drawn light for a dark-mode visitor until the app runs)", () => {
    const markup = renderToStaticMarkup(<ColorSchemeScript defaultColorScheme={DEFAULT_COLOR_SCHEME} />);
    const source = /<script[^>]*>([\s\S]*)<\/script>/.exec(markup)?.[1] ?? "";
    expect(source).toContain("data-mantine-color-scheme");
    const hash = `sha256-${createHash("sha256").update(source).digest("base64")}`;
    expect(hash).toBe(COLOR_SCHEME_SCRIPT_HASH);
    expect(PRERENDERED_PAGE_CSP).toContain(`'${hash}'`);
  });
});
