/**
 * Mantine's per-component stylesheets for only the components Parley uses, in the order Mantine's
 * own styles.css has them (that file is exactly their concatenation), so the cascade is unchanged and
 * the ~120 components nobody renders cost no bytes. Written to src/mantine.css by
 * `npx tsx apps/web/build/mantineStyles.ts`; src/mantine-styles.test.ts fails when a newly used
 * component's styles are missing from it.
 */
import { existsSync, readdirSync, readFileSync, realpathSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** The package's folder (their exports name no package.json): the web app's own node_modules link. */
const packageRoot = (name: string) => realpathSync(path.join(webRoot, "node_modules", name));
const mantineRoot = packageRoot("@mantine/core");
const notificationsRoot = packageRoot("@mantine/notifications");
const componentsDir = path.join(mantineRoot, "esm/components");
const stylesDir = path.join(mantineRoot, "styles");
/** Always first: the reset, the theme's variables and Mantine's global rules. */
const BASE = ["baseline", "default-css-variables", "global"];

function* files(dir: string, test: RegExp): Generator<string> {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      if (name !== "node_modules") yield* files(full, test);
    } else if (test.test(name)) yield full;
  }
}

/** Names imported from "@mantine/core" in the given sources. */
function namesImported(sources: Iterable<string>): Set<string> {
  const names = new Set<string>();
  for (const file of sources) {
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']@mantine\/core["']/g)) {
      for (const part of (match[1] ?? "").split(",")) {
        const name = part
          .trim()
          .replace(/^type\s+/, "")
          .split(/\s+as\s+/)[0]
          ?.trim();
        if (name) names.add(name);
      }
    }
  }
  return names;
}

/** Component folder of each name Mantine's index exports from one. */
function exportFolders(): Map<string, string> {
  const index = readFileSync(path.join(mantineRoot, "esm/index.mjs"), "utf8");
  const folders = new Map<string, string>();
  for (const match of index.matchAll(/import\s*\{([^}]*)\}\s*from\s*"\.\/components\/([^/]+)\//g)) {
    for (const part of (match[1] ?? "").split(",")) {
      const name = part
        .trim()
        .split(/\s+as\s+/)[0]
        ?.trim();
      if (name && match[2]) folders.set(name, match[2]);
    }
  }
  return folders;
}

/** The component folders a folder's modules import (a Select renders a Combobox, an Input, …). */
function folderDependencies(folder: string): Set<string> {
  const found = new Set<string>();
  for (const file of files(path.join(componentsDir, folder), /\.mjs$/)) {
    for (const match of readFileSync(file, "utf8").matchAll(/from\s*"(\.[^"]+)"/g)) {
      const target = path.relative(componentsDir, path.resolve(path.dirname(file), match[1] ?? ""));
      const [first] = target.split(path.sep);
      if (first && !first.startsWith("..") && first !== folder) found.add(first);
    }
  }
  return found;
}

/** The stylesheet names (styles/NAME.css) the app needs, in styles.css's order. */
export function neededStylesheets(): string[] {
  const sources = [...files(path.join(webRoot, "src"), /\.tsx?$/)].filter((f) => !/\.test\.tsx?$/.test(f));
  const notifications = [...files(path.join(notificationsRoot, "esm"), /\.mjs$/)];
  const folders = exportFolders();
  const wanted = new Set<string>();
  for (const name of [...namesImported(sources), ...namesImported(notifications)]) {
    const folder = folders.get(name);
    if (folder) wanted.add(folder);
  }
  for (const folder of wanted) for (const dep of folderDependencies(folder)) wanted.add(dep);
  const all = readFileSync(path.join(mantineRoot, "styles.css"), "utf8");
  const position = (name: string) => {
    const text = readFileSync(path.join(stylesDir, `${name}.css`), "utf8").trim();
    const at = all.indexOf(text.slice(0, 400));
    if (at < 0) throw new Error(`styles/${name}.css is not part of styles.css`);
    return at;
  };
  const components = [...wanted].filter((f) => existsSync(path.join(stylesDir, `${f}.css`)));
  return [...BASE, ...components.sort((a, b) => position(a) - position(b))];
}

export function mantineCss(): string {
  return [
    "/* Written by apps/web/build/mantineStyles.ts: Mantine's styles for the components Parley uses, in styles.css's order. Do not edit. */",
    ...neededStylesheets().map((name) => `@import "@mantine/core/styles/${name}.css";`),
    "",
  ].join("\n");
}

export const MANTINE_CSS_FILE = path.join(webRoot, "src/mantine.css");

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  writeFileSync(MANTINE_CSS_FILE, mantineCss());
  console.log(`wrote ${path.relative(process.cwd(), MANTINE_CSS_FILE)}`);
}
