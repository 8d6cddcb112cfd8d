/**
 * The public pages rendered to HTML at build time (src/prerender.tsx, apps/web/build/prerenderPages.ts),
 * each as a signed-out visitor sees it at its URL. The app server sends that HTML to a visitor without
 * a session (apps/api/src/web-static.ts); main.tsx hydrates it once the current user is known to be
 * nobody, and renders afresh otherwise.
 */
export const PRERENDERED_PAGES = {
  landing: "/",
  auth: "/auth",
  register: "/auth?mode=register",
} as const;

export type PrerenderedPage = keyof typeof PRERENDERED_PAGES;

/**
 * The prerendered page whose HTML is what the app renders at this location for a signed-out visitor:
 * `/` the landing page, `/auth` the sign-in form, or its register form when `?mode=register` (what
 * AuthPage reads from the URL). Other query parameters change nothing on these pages.
 */
export function prerenderedPageAt(pathname: string, search: string): PrerenderedPage | undefined {
  if (pathname === "/") return "landing";
  if (pathname !== "/auth" && pathname !== "/auth/") return undefined;
  return new URLSearchParams(search).get("mode") === "register" ? "register" : "auth";
}
