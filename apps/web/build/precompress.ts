import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Plugin } from "vite";

/** Text files worth compressing; images, fonts (woff2 is compressed already) and video are not. */
const TEXT = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;

/**
 * Writes `file.br` (brotli, quality 11) and `file.gz` (gzip, level 9) beside every text file of the
 * build, once, at build time: the app server (@fastify/static's `preCompressed`) and nginx
 * (`gzip_static`, `brotli_static`) then send them by the request's Accept-Encoding without compressing
 * per request. A file that would not shrink keeps no compressed twin, and is sent as it is.
 */
export function precompress(): Plugin {
  let outDir = "dist";
  return {
    name: "parley:precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After the public folder is copied too (favicon.svg), so every text file of dist/ is covered.
    closeBundle() {
      for (const file of walk(outDir)) if (TEXT.test(file)) compressFile(file);
    },
  };
}

/** Writes a file's `.br` and `.gz` twins (each only when smaller than the file). */
export function compressFile(file: string) {
  const body = readFileSync(file);
  const br = brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
  const gz = gzipSync(body, { level: 9 });
  if (br.length < body.length) writeFileSync(`${file}.br`, br);
  if (gz.length < body.length) writeFileSync(`${file}.gz`, gz);
}

function* walk(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* walk(full);
    else yield full;
  }
}
