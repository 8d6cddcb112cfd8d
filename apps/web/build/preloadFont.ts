import type { Plugin } from "vite";

/**
 * `<link rel="preload">` for the one font file the first paint needs: Inter's variable Latin subset
 * (@fontsource-variable/inter ships each script as its own unicode-range subset, so an English page
 * fetches only this ~48 KB file). Preloaded, it arrives with the stylesheet instead of after it, and
 * the text is drawn once in Inter rather than swapped in from the fallback.
 */
export function preloadFont(pattern: RegExp): Plugin {
  return {
    name: "parley:preload-font",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(_html, ctx) {
        const file = Object.keys(ctx.bundle ?? {}).find((name) => pattern.test(name));
        if (!file) throw new Error(`no font file in the build matches ${pattern}`);
        return [
          {
            tag: "link",
            attrs: { rel: "preload", href: `/${file}`, as: "font", type: "font/woff2", crossorigin: "" },
            injectTo: "head",
          },
        ];
      },
    },
  };
}

/**
 * Inter drawn only if it is there for the first paint (`font-display: optional`, in place of the
 * package's `swap`): preloaded, it almost always is; when it comes late (a busy phone, a slow
 * network) the page keeps the fallback rather than redrawing every line in Inter a moment later,
 * which moved the sign-in form's text and buttons (a layout shift the browser tests caught about
 * once in twelve loads).
 */
export function fontDisplayOptional(pkg: string): Plugin {
  return {
    name: "parley:font-display-optional",
    transform(code, id) {
      if (!id.includes(pkg) || !id.endsWith(".css")) return null;
      return { code: code.replaceAll("font-display: swap", "font-display: optional"), map: null };
    },
  };
}
