/**
 * Security headers, computed once. Pages and files (the SPA) get helmet's defaults tuned for this
 * app: Stripe's script and frames are allowed for card entry; the microphone is allowed for the
 * participant page only from our own origin.
 */
const csp = (scripts: string) =>
  [
    "default-src 'self'",
    `script-src ${scripts}`,
    // Mantine injects style tags at run time.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self' https://api.stripe.com",
    "frame-src https://js.stripe.com https://hooks.stripe.com",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");

const SCRIPTS = "'self' https://js.stripe.com";
const CSP = csp(SCRIPTS);

/**
 * The one inline script Parley's pages carry: Mantine's ColorSchemeScript (defaultColorScheme "auto")
 * at the head of the pages rendered at build time (apps/web/build/prerenderPages.ts), which sets the
 * colour scheme before the first paint. apps/web/src/prerender.test.tsx fails when Mantine's script
 * (or the default scheme) changes and this hash no longer matches it.
 */
export const COLOR_SCHEME_SCRIPT_HASH = "sha256-oDE20jM+cYCL8tv5Y2IhjssvBsyRPtIfclqLaRnQhog=";

/**
 * The policy of a page rendered at build time: the same, and its colour-scheme script allowed by its
 * hash. Only those pages carry it (apps/api/src/web-static.ts): every other answer keeps the shorter
 * header (a script's headers count in the bytes a phone downloads).
 */
export const PRERENDERED_PAGE_CSP = csp(`${SCRIPTS} '${COLOR_SCHEME_SCRIPT_HASH}'`);

export const DOCUMENT_HEADERS: Readonly<Record<string, string>> = {
  "content-security-policy": CSP,
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
  "origin-agent-cluster": "?1",
  "referrer-policy": "no-referrer",
  "strict-transport-security": "max-age=31536000; includeSubDomains",
  "x-content-type-options": "nosniff",
  "x-dns-prefetch-control": "off",
  "x-download-options": "noopen",
  "x-frame-options": "SAMEORIGIN",
  "x-permitted-cross-domain-policies": "none",
  "x-xss-protection": "0",
  "permissions-policy": "camera=(), geolocation=(), microphone=(self)",
};

/**
 * API answers (/api, /trpc) are data for our own scripts, never pages: the OWASP REST set. Nothing
 * may load from or frame them, and no cache keeps them (they carry account data). Shorter than the
 * page set, which every API answer would otherwise carry for nothing.
 */
export const API_HEADERS: Readonly<Record<string, string>> = {
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  "cache-control": "no-store",
  "cross-origin-resource-policy": "same-origin",
  "referrer-policy": "no-referrer",
  "strict-transport-security": "max-age=31536000; includeSubDomains",
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
};

/** Whether a request URL is an API call rather than a page or a file. */
export function isApiUrl(url: string): boolean {
  return (
    url.startsWith("/api/") ||
    url.startsWith("/trpc/") ||
    url === "/api" ||
    url === "/trpc" ||
    url === "/mcp" ||
    url.startsWith("/mcp?")
  );
}
