/**
 * Issue 6 figures: the landing page's first-load JS and CSS (gzip) and its Largest Contentful Paint
 * in headless Chromium on localhost (targets: JS ≤ 150 KB gzip, LCP ≤ 1 s). Needs the web build.
 *   npx tsx bench/landing-perf.ts
 */
import { gzipSync } from "node:zlib";
import { benchDatabase, launchChromium, percentile, startServer } from "./lib";

const db = await benchDatabase("landing");
const server = await startServer({ DATABASE_URL: db.url });
try {
  const browser = await launchChromium(["--disable-component-update"]);
  const lcps: number[] = [];
  let js = { files: 0, raw: 0, gzip: 0 };
  let css = { files: 0, raw: 0, gzip: 0 };
  for (let run = 0; run < 5; run += 1) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const bodies: Array<{ type: string; body: Buffer }> = [];
    page.on("response", async (res) => {
      const type = res.request().resourceType();
      if (type === "script" || type === "stylesheet")
        bodies.push({ type, body: await res.body().catch(() => Buffer.alloc(0)) });
    });
    await page.goto(server.url, { waitUntil: "networkidle" });
    const lcp = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries();
            resolve(entries[entries.length - 1]?.startTime ?? 0);
          }).observe({ type: "largest-contentful-paint", buffered: true });
          setTimeout(() => resolve(-1), 3000);
        }),
    );
    lcps.push(lcp);
    const sum = (type: string) => {
      const list = bodies.filter((b) => b.type === type);
      return {
        files: list.length,
        raw: list.reduce((n, b) => n + b.body.length, 0),
        gzip: list.reduce((n, b) => n + gzipSync(b.body).length, 0),
      };
    };
    js = sum("script");
    css = sum("stylesheet");
    await context.close();
  }
  await browser.close();
  console.log(
    `Landing first-load JS: ${js.files} files, ${(js.gzip / 1024).toFixed(1)} KB gzip (${(js.raw / 1024).toFixed(0)} KB raw); target ≤ 150 KB`,
  );
  console.log(
    `Landing CSS: ${css.files} files, ${(css.gzip / 1024).toFixed(1)} KB gzip (${(css.raw / 1024).toFixed(0)} KB raw)`,
  );
  console.log(
    `Landing LCP over 5 cold loads: median ${percentile(lcps, 50).toFixed(0)} ms, worst ${Math.max(...lcps).toFixed(0)} ms; target ≤ 1000 ms`,
  );
} finally {
  await server.stop();
  await db.drop();
}
