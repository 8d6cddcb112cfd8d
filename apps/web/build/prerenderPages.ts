import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Plugin } from "vite";
import type { PrerenderedPage } from "../src/prerendered";
import { compressFile } from "./precompress";

/** What the server-side entry (src/prerender.tsx) exports. */
interface PrerenderModule {
  PRERENDERED_PAGES: Record<PrerenderedPage, string>;
  colorSchemeScript(): string;
  renderPage(page: PrerenderedPage): Promise<string>;
}

const EMPTY_ROOT = '<div id="root"></div>';

/**
 * The second half of the web build (`vite build --ssr src/prerender.tsx`, after the browser's build):
 * once the server-side entry is built, renders each public page to HTML and writes it into a copy of
 * its route page (routes/NAME.html, apps/web/build/routePages.ts) as routes/NAME.prerendered.html:
 * the markup in #root (with `data-prerendered` naming the page, for main.tsx to hydrate it) and
 * Mantine's colour-scheme script first in <head>, so the page paints in the right colours as soon as
 * its stylesheet is in, before any script has run. The app server sends these to visitors without a
 * session (apps/api/src/web-static.ts).
 *
 * @param templates each page's route page, by the name routePages gave it
 */
export function prerenderPages(dist: string, templates: Record<PrerenderedPage, string>): Plugin {
  let entry = "";
  return {
    name: "parley:prerender-pages",
    apply: (_config, env) => env.command === "build" && Boolean(env.isSsrBuild),
    writeBundle(options, bundle) {
      const chunk = Object.values(bundle).find((c) => c.type === "chunk" && c.isEntry);
      if (!chunk || !options.dir) throw new Error("prerenderPages: no server-side entry in the build");
      entry = path.join(options.dir, chunk.fileName);
    },
    async closeBundle() {
      const server = (await import(pathToFileURL(entry).href)) as PrerenderModule;
      const year = new Date().getFullYear();
      for (const page of Object.keys(server.PRERENDERED_PAGES) as PrerenderedPage[]) {
        const template = readFileSync(path.join(dist, "routes", `${templates[page]}.html`), "utf8");
        if (!template.includes(EMPTY_ROOT) || !template.includes("</title>"))
          throw new Error(`prerenderPages: routes/${templates[page]}.html has no empty #root or no <title>`);
        const markup = await server.renderPage(page);
        const html = template
          .replace("</title>", `</title>\n    ${server.colorSchemeScript()}`)
          .replace(
            EMPTY_ROOT,
            () => `<div id="root" data-prerendered="${page}" data-year="${year}">${markup}</div>`,
          );
        const file = path.join(dist, "routes", `${page}.prerendered.html`);
        writeFileSync(file, html);
        compressFile(file);
      }
    },
  };
}
