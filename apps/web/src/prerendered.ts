/**
 * The public pages rendered to HTML at build time (src/prerender.tsx, apps/web/build/prerenderPages.ts),
 * each as a signed-out visitor sees it at its URL. The app server sends that HTML to a visitor without
 * a session (apps/api/src/web-static.ts, which chooses the page by the URL: `prerenderedPageAt`);
 * main.tsx hydrates it once the current user is known to be nobody, and renders afresh otherwise.
 */
export const PRERENDERED_PAGES = {
  landing: "/",
  auth: "/auth",
  register: "/auth?mode=register",
} as const;

export type PrerenderedPage = keyof typeof PRERENDERED_PAGES;
