import { defineConfig } from "vitest/config";

// unit: pure functions beside the code. integration: the real database (DATABASE_URL's server,
// else PGlite), real HTTP through the Fastify server, local fakes of OpenAI and Stripe.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["{apps,packages}/*/src/**/*.test.{ts,tsx}"],
          exclude: ["**/*.integration.test.ts", "**/node_modules/**"],
          environment: "node",
          // Pure functions: one module graph per worker instead of a fresh process per file (each
          // file re-imported the language models: 49 s of CPU for the project, 9 s without). The
          // one file that mocks modules (speechQueue) is safe: vitest releases a file's mocks at its end.
          isolate: false,
          // Every core (vitest's default leaves one free: a single worker on two cores).
          maxWorkers: "100%",
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: "integration",
          include: ["{apps,packages}/*/{src,test}/**/*.integration.test.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // One migrated template per run, copied by each test file's database (packages/db/src/testing.ts).
          globalSetup: ["packages/db/src/testing-setup.ts"],
          // Files share a worker's module graph (the API, the language models, PGlite's compiled wasm)
          // instead of a fresh process each: every file already makes its own database and server.
          isolate: false,
          pool: "forks",
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        // Evals: scripted dialogues (interviewer) and authored projects (evidence); they print figures and assert the targets.
        test: {
          name: "evals",
          include: ["packages/ai/evals/**/*.test.ts"],
          environment: "node",
          testTimeout: 30_000,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
