import { parseRequirements } from "@parley/ai/requirements/markdown";

/** Spec 1 §4: a saved version's preview is 150 characters. */
const PREVIEW_CHARS = 150;
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * What a saved version holds, read from its markdown: counts, and its epics and features as a
 * 150-character outline instead of the raw "# Epic:" text.
 */
export function describeRequirements(markdown: string) {
  let epics: ReturnType<typeof parseRequirements>["epics"] = [];
  try {
    epics = parseRequirements(markdown).epics;
  } catch {
    // An old or hand-written document that does not parse: the preview falls back to its text.
  }
  const features = epics.flatMap((e) => e.features);
  const stories = features.reduce((n, f) => n + f.stories.length, 0);
  const outline = epics.length
    ? epics
        .map((e) => `${e.name}${e.features.length ? `: ${e.features.map((f) => f.name).join(", ")}` : ""}`)
        .join(" · ")
    : markdown
        .replace(/[#>*_`-]+/g, " ")
        .replace(/\s+/g, " ")
        .trim();
  const preview = outline.length > PREVIEW_CHARS ? `${outline.slice(0, PREVIEW_CHARS)}…` : outline;
  return {
    counts: `${count(epics.length, "epic", "epics")} · ${count(features.length, "feature", "features")} · ${count(stories, "story", "stories")}`,
    preview,
  };
}
