import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { expect, type Page } from "@playwright/test";

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: {
    target: unknown[];
    any: { data?: { fgColor?: string; bgColor?: string; contrastRatio?: number } }[];
  }[];
}

/**
 * Runs axe-core (WCAG 2.0/2.1 A and AA rules) on the page as it stands and fails on any critical or
 * serious violation, naming the rule and the elements. The context needs `bypassCSP: true`: the
 * app's CSP refuses the injected script otherwise (TESTING-NOTES.md).
 */
export async function expectNoSeriousViolations(page: Page, screen: string) {
  await page.evaluate(() => document.fonts.ready);
  // Colours are read as they stand: a dialog fading in or a button leaving its loading state would
  // be judged half-way. Finite animations and transitions end first (a spinner's never do).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(async () => {
    // axe is injected at run time (addScriptTag above).
    const axe = (
      window as unknown as { axe: { run: (...args: unknown[]) => Promise<{ violations: unknown }> } }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
      resultTypes: ["violations"],
    });
    return result.violations as AxeViolation[];
  });
  const blocking = violations
    .filter((v) => v.impact === "critical" || v.impact === "serious")
    .map(
      (v) =>
        `${v.impact} ${v.id} (${v.help}): ${v.nodes
          .slice(0, 4)
          .map((n) => {
            const colours = n.any[0]?.data?.fgColor
              ? ` ${n.any[0].data.fgColor} on ${n.any[0].data.bgColor}`
              : "";
            return `${JSON.stringify(n.target)}${colours} ${n.html.slice(0, 120)} ${colours ? "" : (n.failureSummary ?? "")}`;
          })
          .join(", ")}`,
    );
  // Soft: one run lists every screen's violations instead of stopping at the first.
  expect.soft(blocking, `axe on ${screen}`).toEqual([]);
}
