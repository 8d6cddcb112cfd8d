/**
 * Lighthouse CI (issue 34), run by .ci/run after the web build: the built app on the embedded
 * database, a participant's share link made through the REST API, then `lhci collect` (Lighthouse's
 * mobile run in Debian's Chromium) on the landing page, the sign-in page and that link, and
 * `lhci assert` with scripts/lighthouse/lighthouserc.json: each page's compressed script and CSS bytes
 * under its budget and every text file sent compressed, or CI fails. Performance, LCP, TBT and CLS are
 * printed, not asserted: on CI's two shared cores they move with whatever else runs.
 *   node --import tsx scripts/lighthouse/ci.ts
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { makeShareLink, pageUrls, repoRoot, startApp } from "./app";
import { CHROME_FLAGS, type Lhr, summarize } from "./report";

const lhci = path.join(repoRoot, "node_modules/.bin/lhci");
const config = path.join(repoRoot, "scripts/lighthouse/lighthouserc.json");
// lhci keeps its results in .lighthouseci/ under its working directory: a throw-away one.
const workDir = mkdtempSync(path.join(tmpdir(), "parley-lhci-"));
const env = { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? "/usr/bin/chromium" };

const app = await startApp(Number(process.env.LHCI_PORT ?? 5440));
let status = 0;
try {
  const urls = pageUrls(app.url, await makeShareLink(app.url));
  // One page at a time, each tried up to three times: Lighthouse now and then loses a page's trace
  // (NO_NAVSTART) and `lhci collect` then fails for nothing the app did.
  for (const url of Object.values(urls)) {
    for (let attempt = 1; ; attempt += 1) {
      try {
        execFileSync(
          lhci,
          [
            "collect",
            // Keep the pages collected before this one.
            "--additive",
            `--config=${config}`,
            `--url=${url}`,
            `--settings.chromeFlags=${CHROME_FLAGS.join(" ")}`,
          ],
          { cwd: workDir, env, stdio: "inherit" },
        );
        break;
      } catch (error) {
        if (attempt === 3) throw error;
        console.log(`Lighthouse failed on ${url} (attempt ${attempt}); once more`);
      }
    }
  }
  const resultsDir = path.join(workDir, ".lighthouseci");
  console.log("\npage                                   perf  LCP ms  TBT ms  CLS    script B  CSS B");
  const lhrFiles = readdirSync(resultsDir).filter((f) => /^lhr-.*\.json$/.test(f));
  const lhrCount = lhrFiles.length;
  for (const file of lhrFiles) {
    const lhr = JSON.parse(readFileSync(path.join(resultsDir, file), "utf8")) as Lhr;
    const f = summarize(lhr);
    const page = (lhr.requestedUrl ?? "").replace(app.url, "");
    console.log(
      `${page.padEnd(38)} ${String(f.performance).padStart(4)} ${f.lcpMs.toFixed(0).padStart(7)} ${f.tbtMs.toFixed(0).padStart(7)} ${f.cls.toFixed(3).padStart(6)} ${String(f.scriptBytes).padStart(9)} ${String(f.cssBytes).padStart(6)}`,
    );
  }
  let asserted = true;
  try {
    execFileSync(lhci, ["assert", `--config=${config}`], { cwd: workDir, env, stdio: "inherit" });
  } catch {
    asserted = false;
  }
  // lhci writes each failed assertion (with its page) beside the results.
  const failures = JSON.parse(
    readFileSync(path.join(resultsDir, "assertion-results.json"), "utf8").toString() || "[]",
  ) as Array<{ url: string; level: string }>;
  const failedPages = new Set(failures.filter((f) => f.level === "error").map((f) => f.url)).size;
  if (!asserted && failedPages === 0) throw new Error("lhci assert failed without a failed assertion");
  console.log(`Lighthouse CI budgets: ${lhrCount - failedPages} passed, ${failedPages} failed`);
  if (!asserted) status = 1;
} finally {
  await app.stop();
  rmSync(workDir, { recursive: true, force: true });
}
process.exit(status);
