import type { Plugin, Rollup } from "vite";

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/**
 * One copy of index.html per page a newcomer lands on (routes/NAME.html), each naming that page's
 * chunks as `modulepreload`: they then download beside the entry script rather than after it has run
 * and React has asked for the route. The page's own stylesheets (CSS modules) are linked too: the
 * page's HTML rendered at build time (prerenderPages.ts) is then drawn styled, and Vite's loader finds
 * them there rather than adding them again. On a phone's network that is a round trip less before the first
 * paint. The app server sends the copy for its path (apps/api/src/web-static.ts) and index.html for
 * every other path.
 */
export function routePages(pages: Record<string, string>): Plugin {
  return {
    name: "parley:route-pages",
    apply: "build",
    enforce: "post",
    generateBundle(_options, bundle) {
      const html = bundle["index.html"];
      if (html?.type !== "asset") throw new Error("routePages: no index.html in the bundle");
      const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === "chunk");
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) throw new Error("routePages: no entry chunk");
      const loaded = closure(bundle, entry.fileName);
      for (const [name, module] of Object.entries(pages)) {
        const page = chunks.find((c) => c.isDynamicEntry && c.facadeModuleId?.endsWith(module));
        if (!page) throw new Error(`routePages: no chunk for ${module}`);
        const files = [...closure(bundle, page.fileName)].filter((file) => !loaded.has(file));
        const css = new Set(
          files.flatMap((file) => [...(chunkOf(bundle, file)?.viteMetadata?.importedCss ?? [])]),
        );
        const links = [
          ...[...css].map((file) => `    <link rel="stylesheet" crossorigin href="/${file}">`),
          ...files.map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">`),
        ].join("\n");
        const source = String(html.source).replace(/\n\s*<\/head>/, `\n${links}\n  </head>`);
        this.emitFile({ type: "asset", fileName: `routes/${name}.html`, source });
      }
    },
  };
}

const chunkOf = (bundle: OutputBundle, fileName: string) => {
  const chunk = bundle[fileName];
  return chunk?.type === "chunk" ? chunk : undefined;
};

/** A chunk and every chunk it imports statically. */
function closure(bundle: OutputBundle, fileName: string, seen = new Set<string>()): Set<string> {
  if (seen.has(fileName)) return seen;
  seen.add(fileName);
  const chunk = bundle[fileName];
  if (chunk?.type === "chunk") for (const imported of chunk.imports) closure(bundle, imported, seen);
  return seen;
}
