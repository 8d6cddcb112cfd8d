/**
 * Debian's Chromium as it runs here (TESTING-NOTES): no sandbox as root, and no background
 * networking, whose connections this machine's closed network refuses. Shared by the browser tests,
 * their Playwright config and the Lighthouse runs.
 */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
