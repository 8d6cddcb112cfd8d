import path from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { precompress } from "./build/precompress";
import { fontDisplayOptional, preloadFont } from "./build/preloadFont";
import { prerenderPages } from "./build/prerenderPages";
import { routePages } from "./build/routePages";

/** Mantine's small components, their hooks and the icons, and the app's small shared helpers. */
const PUBLIC_UI = new RegExp(
  [
    "@mantine/core/esm/components/(?:Alert|Anchor|Badge|Card|Center|CloseButton|Input|List|Loader|Paper|PasswordInput|SegmentedControl|SimpleGrid|TextInput|Title)/",
    "@mantine/(?:core/esm/core/utils|hooks/esm)/",
    "@tabler/icons-react/",
    String.raw`apps/web/src/(?:components/(?:Brand|HeaderBar)|lib/(?:dates|download|transcript))\.`,
  ].join("|"),
);

const api = process.env.API_URL ?? "http://localhost:3000";

const dist = path.resolve(import.meta.dirname, "dist");

/**
 * Two builds (`pnpm build`): the browser's (dist/), then the server-side entry (`--ssr
 * src/prerender.tsx`, into dist-ssr/, never served), which renders the public pages into dist/routes/.
 */
export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? {
        plugins: [react(), prerenderPages(dist, { landing: "landing", auth: "auth", register: "auth" })],
        build: { outDir: "dist-ssr", emptyOutDir: true, sourcemap: false, copyPublicDir: false },
      }
    : {
        plugins: [
          react(),
          preloadFont(/inter-latin-wght-normal-[\w-]+\.woff2$/),
          fontDisplayOptional("@fontsource-variable/inter"),
          // The pages a newcomer lands on; apps/api/src/web-static.ts maps their paths to these names.
          routePages({
            landing: "src/pages/public/LandingPage.tsx",
            auth: "src/pages/auth/AuthPage.tsx",
            participant: "src/pages/participant/ParticipantInterviewPage.tsx",
          }),
          precompress(),
        ],
        server: {
          port: 5173,
          proxy: { "/api": api, "/trpc": api },
        },
        build: {
          outDir: "dist",
          sourcemap: false,
          chunkSizeWarningLimit: 800,
          rolldownOptions: {
            output: {
              codeSplitting: {
                // Everything the entry imports statically, in the entry's chunk: rolldown otherwise cuts it into
                // a handful of small shared chunks, each another request with about 1.2 KB of headers.
                // The small pieces the public pages (landing, sign-in, a share link's welcome) render, as one
                // chunk: a phone on a slow network pays for each request far more than for a few shared KB.
                groups: [
                  { name: "initial", tags: ["$initial"], priority: 2 },
                  { name: "public-ui", test: PUBLIC_UI, priority: 1 },
                ],
              },
            },
          },
        },
      },
);
