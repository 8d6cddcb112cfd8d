import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { precompress } from "./build/precompress";
import { preloadFont } from "./build/preloadFont";

const api = process.env.API_URL ?? "http://localhost:3000";

export default defineConfig({
  plugins: [react(), preloadFont(/inter-latin-wght-normal-[\w-]+\.woff2$/), precompress()],
  server: {
    port: 5173,
    proxy: { "/api": api, "/trpc": api },
  },
  build: {
    outDir: "dist",
    sourcemap: false,
    chunkSizeWarningLimit: 800,
  },
});
