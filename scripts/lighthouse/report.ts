/** What bench/lighthouse.ts and the CI step read from a Lighthouse result (LHR). */
import { CHROMIUM_ARGS } from "../../e2e/chromium";

/** Debian's Chromium headless, as TESTING-NOTES says it runs here. */
export const CHROME_FLAGS = ["--headless=new", ...CHROMIUM_ARGS];

interface Audit {
  score: number | null;
  numericValue?: number;
  details?: { items?: Array<Record<string, unknown>> };
}
export interface Lhr {
  finalDisplayedUrl?: string;
  requestedUrl?: string;
  categories: { performance: { score: number | null } };
  audits: Record<string, Audit | undefined>;
}

export interface PageFigures {
  performance: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Transferred (compressed) bytes, as Lighthouse's resource summary counts them. */
  scriptBytes: number;
  cssBytes: number;
  /** Text files sent without Content-Encoding that Lighthouse says compression would shrink. */
  uncompressed: string[];
}

export function summarize(lhr: Lhr): PageFigures {
  const items = lhr.audits["resource-summary"]?.details?.items ?? [];
  const bytes = (type: string) => Number(items.find((i) => i.resourceType === type)?.transferSize ?? 0);
  const compression = lhr.audits["uses-text-compression"]?.details?.items ?? [];
  return {
    performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
    lcpMs: lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
    tbtMs: lhr.audits["total-blocking-time"]?.numericValue ?? Number.NaN,
    cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN,
    scriptBytes: bytes("script"),
    cssBytes: bytes("stylesheet"),
    uncompressed: compression.map((i) => String(i.url ?? "").replace(/^https?:\/\/[^/]+/, "")),
  };
}
