/**
 * Issue 34 figures: Lighthouse's mobile run (simulated slow 4G, 4× CPU slowdown) in Debian's Chromium
 * against the built app on the embedded database, on the landing page, the sign-in page and a
 * participant's share link: performance, LCP, TBT, CLS and the compressed (transferred) bytes of script
 * and CSS. Targets: performance ≥ 90, LCP ≤ 2.5 s, TBT ≤ 200 ms on all three; the participant page's
 * first load ≤ 150 KB script and ≤ 30 KB CSS; every text asset compressed. Needs the web build.
 *   npx tsx bench/lighthouse.ts [--runs 3] [--web-dist DIR]
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { makeShareLink, type PageName, pageUrls, repoRoot, startApp } from "../scripts/lighthouse/app";
import { CHROME_FLAGS, summarize } from "../scripts/lighthouse/report";

const run = promisify(execFile);
const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const runs = Number(option("--runs") ?? 3);
const webDist = option("--web-dist");

const app = await startApp(5410, webDist ? { WEB_DIST: path.resolve(webDist) } : {});
try {
  const urls = pageUrls(app.url, await makeShareLink(app.url));
  console.log(`Lighthouse ${runs} mobile run(s) a page (median by performance), ${app.url}`);
  console.log("page         perf   LCP ms   TBT ms   CLS     script KB   CSS KB   uncompressed text");
  for (const [name, url] of Object.entries(urls) as Array<[PageName, string]>) {
    const results = [];
    for (let i = 0; i < runs; i += 1) {
      // Lighthouse now and then loses the trace (NO_NAVSTART): such a run is run again, twice at most.
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const lhr = await run(
          path.join(repoRoot, "node_modules/.bin/lighthouse"),
          [
            url,
            "--output=json",
            "--output-path=stdout",
            "--quiet",
            `--chrome-flags=${CHROME_FLAGS.join(" ")}`,
          ],
          {
            env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? "/usr/bin/chromium" },
            maxBuffer: 1 << 28,
          },
        ).then(
          ({ stdout }) => JSON.parse(stdout),
          () => undefined,
        );
        if (lhr && !lhr.runtimeError) {
          results.push(summarize(lhr));
          break;
        }
      }
    }
    results.sort((a, b) => a.performance - b.performance);
    const m = results[Math.floor(results.length / 2)];
    if (!m) continue;
    console.log(
      [
        name.padEnd(11),
        String(m.performance).padStart(5),
        m.lcpMs.toFixed(0).padStart(8),
        m.tbtMs.toFixed(0).padStart(8),
        m.cls.toFixed(3).padStart(7),
        (m.scriptBytes / 1024).toFixed(1).padStart(11),
        (m.cssBytes / 1024).toFixed(1).padStart(8),
        `   ${m.uncompressed.length ? m.uncompressed.join(", ") : "none"}`,
      ].join(" "),
    );
  }
} finally {
  await app.stop();
}
