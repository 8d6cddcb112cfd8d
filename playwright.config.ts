import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS } from "./e2e/chromium";

// End-to-end tests drive Debian's Chromium (never a downloaded browser) against the built app,
// started the way the README starts it. DATABASE_URL (CI) puts the server on PostgreSQL;
// otherwise it runs on a throw-away PGlite directory.
const PORT = Number(process.env.E2E_PORT ?? 4173);
/** A second app server whose AI provider is the real openai SDK against a local fake (voice tests). */
export const VOICE_PORT = PORT + 1;
const FAKE_OPENAI_PORT = PORT + 2;
// Fixed for the whole run (workers inherit the runner's environment): tests read the outbox here.
process.env.E2E_DATA_DIR ??= `/tmp/parley-e2e-${process.pid}`;
process.env.E2E_VOICE_URL ??= `http://localhost:${VOICE_PORT}`;
const dataDir = process.env.E2E_DATA_DIR;
const serverEnv = {
  LOG_LEVEL: "warn",
  RATE_LIMIT_SCALE: "100",
  ADMIN_EMAIL: "admin@parley.test",
  ADMIN_PASSWORD: "admin-password-e2e",
  ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
};

export default defineConfig({
  testDir: "e2e",
  globalSetup: "./e2e/global-setup.ts",
  outputDir: "test-results",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [["list"]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    browserName: "chromium",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: CHROMIUM_ARGS,
    },
    trace: "off",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "chromium",
      // E2E_SKIP_VOICE=1 leaves out the voice tests (CI runs them apart, on a quiet machine: they
      // play real-time audio against the page's timings).
      testIgnore: process.env.E2E_SKIP_VOICE ? /voice/ : /(webkit|firefox)-voice\.spec\.ts/,
      use: { ...devices["Desktop Chrome"], channel: undefined },
    },
    // Voice on the other browsers, driven by their own drivers (no Playwright browser is launched):
    // WebKitGTK's MiniBrowser through WebKitWebDriver, Firefox ESR through puppeteer-core over BiDi.
    { name: "webkitgtk", testMatch: /webkit-voice\.spec\.ts/ },
    { name: "firefox-esr", testMatch: /firefox-voice\.spec\.ts/ },
  ],
  webServer: [
    {
      command: "node_modules/.bin/tsx apps/api/src/main.ts",
      url: `http://localhost:${PORT}/api/ready`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: "pipe",
      env: { ...serverEnv, PORT: String(PORT), DATA_DIR: dataDir },
    },
    {
      command: `node_modules/.bin/tsx packages/ai/test/fake-openai.ts --port ${FAKE_OPENAI_PORT}`,
      port: FAKE_OPENAI_PORT,
      timeout: 30_000,
      reuseExistingServer: false,
    },
    {
      command: "node_modules/.bin/tsx apps/api/src/main.ts",
      url: `http://localhost:${VOICE_PORT}/api/ready`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: "pipe",
      env: {
        ...serverEnv,
        PORT: String(VOICE_PORT),
        DATA_DIR: `${dataDir}-voice`,
        OPENAI_API_KEY: "test-key",
        OPENAI_BASE_URL: `http://127.0.0.1:${FAKE_OPENAI_PORT}/v1`,
        // On one PostgreSQL both servers share the job queue: only the offline server runs jobs, so a
        // project job is never answered by the fake model (whose canned replies are not evidence JSON).
        ...(process.env.DATABASE_URL ? { JOB_WORKERS: "off" } : {}),
      },
    },
  ],
});
