/**
 * A story's parts with their places in its text, from a written story ("As a …, I want to …, so
 * that …") or from Parley's structured story, so every check reads the same tokens in context.
 */
import type { Story } from "../evidence/types";
import { analyze, articleFor, type Token } from "../text";

/** [start, end) in the story's text. */
export type Span = readonly [number, number];

export interface StoryParts {
  text: string;
  /** The article before the role as written ("a", "an", "the"), or null. */
  article: string | null;
  role: Span;
  /** The desire as written: "want", "need", "would like", … */
  desire: string;
  /** True when the desire is followed by "to" (the means is an infinitive). */
  to: boolean;
  means: Span;
  ends: Span | null;
  tokens: Token[];
  /** Offsets where a new sentence starts inside the story (a second sentence). */
  sentenceStarts: number[];
}

/** What Parley shows when nobody said what a need is for: the story keeps its assumption mark. */
export { UNSTATED_BENEFIT } from "../requirements/story";

import { isToWrite, storySentence, UNSTATED_BENEFIT } from "../requirements/story";

const FRAME =
  /^\s*As\s+(?:(an?|the)\s+)?(.+?)\s*,?\s+I\s+(want|need|would like|'d like|wish|should be able|am able|can)\b\s*(to\b)?\s*/i;

/** The parts of a written story, or null when it has no "As a …, I want …" frame. */
export function parseStoryText(text: string): StoryParts | null {
  const frame = FRAME.exec(text);
  if (!frame) return null;
  const roleText = frame[2]!;
  const roleStart = text.indexOf(roleText, frame[1] ? text.indexOf(frame[1]) + frame[1].length : 0);
  const sentences = analyze(text);
  const tokens = sentences.flatMap((s) => s.tokens);
  const meansStart = frame[0].length;
  const endsAt = endsStart(tokens, meansStart);
  let meansEnd = endsAt ? endsAt.markerStart : text.length;
  while (meansEnd > meansStart && /[\s,.;!]/.test(text[meansEnd - 1]!)) meansEnd -= 1;
  let endsEnd = text.length;
  while (endsAt && endsEnd > endsAt.start && /[\s.!]/.test(text[endsEnd - 1]!)) endsEnd -= 1;
  return {
    text,
    article: frame[1]?.toLowerCase() ?? null,
    role: [roleStart, roleStart + roleText.length],
    desire: frame[3]!.toLowerCase(),
    to: Boolean(frame[4]),
    means: [meansStart, meansEnd],
    ends: endsAt ? [endsAt.start, endsEnd] : null,
    tokens,
    sentenceStarts: sentences.slice(1).map((s) => s.start),
  };
}

/**
 * Where the ends begins after the means: "so that", "so I can", "in order to", or a participle or
 * purpose clause set off by a comma (", reducing my risk", ", to see whether …").
 */
function endsStart(tokens: Token[], from: number): { markerStart: number; start: number } | null {
  for (let i = 0; i < tokens.length; i += 1) {
    const t = tokens[i]!;
    if (t.start < from) continue;
    const next = tokens[i + 1];
    const prev = tokens[i - 1];
    if (t.normal === "so" && next && (next.normal === "that" || next.pos === "PRON")) {
      const start = next.normal === "that" ? tokens[i + 2]?.start : next.start;
      if (start !== undefined) return { markerStart: t.start, start };
    }
    if (t.normal === "in" && next?.normal === "order" && tokens[i + 2]?.normal === "to" && tokens[i + 3])
      return { markerStart: t.start, start: tokens[i + 3]!.start };
    if (prev?.text === "," && t.pos === "VERB" && t.normal.endsWith("ing"))
      return { markerStart: prev.start, start: t.start };
    if (prev?.text === "," && t.normal === "to" && next?.pos === "VERB")
      return { markerStart: prev.start, start: next.start };
  }
  return null;
}

const ARTICLE = /^(an?|the)\s+/i;

/** The story as Parley writes it, with the article the role takes: "As an owner, I want to …, so that …." */
export function renderStory(story: Pick<Story, "userType" | "action" | "benefit">): string {
  if (isToWrite(story.benefit)) return `${storySentence(story)}.`;
  const role = story.userType.trim();
  const who = ARTICLE.test(role) ? role : `${articleFor(role)} ${role}`;
  const ends = story.benefit.trim() === UNSTATED_BENEFIT ? "" : `, so that ${story.benefit.trim()}`;
  return `As ${who}, I want to ${story.action.trim()}${ends}.`;
}

/** The parts of a structured story, read in the sentence Parley renders from it. */
export function storyParts(story: Pick<Story, "userType" | "action" | "benefit">): StoryParts {
  const text = renderStory(story);
  const parsed = parseStoryText(text);
  if (parsed) return parsed;
  // A role or means so broken that the frame does not read back: checked as written.
  const roleStart = 3;
  const role = story.userType.trim();
  return {
    text,
    article: null,
    role: [roleStart, roleStart + role.length],
    desire: "want",
    to: true,
    means: [0, 0],
    ends: null,
    tokens: analyze(text).flatMap((s) => s.tokens),
    sentenceStarts: [],
  };
}

/** The tokens inside a span. */
export const tokensIn = (parts: StoryParts, span: Span | null) =>
  span ? parts.tokens.filter((t) => t.start >= span[0] && t.end <= span[1]) : [];

export const textOf = (parts: StoryParts, span: Span | null) =>
  span ? parts.text.slice(span[0], span[1]) : "";
