import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { sonnerStylesAsFile } from "./vite.sonner-styles.ts";

export default defineConfig({
  // The server build's entry is our own request listener (page cache, static files,
  // request log) wrapped around React Router's handler, so both share one module graph.
  environments: { ssr: { build: { rollupOptions: { input: "./http-shell/app.ts" } } } },
  plugins: [sonnerStylesAsFile(), tailwindcss(), reactRouter()],
});
