import { defineConfig } from "vite";
import { islandEntries } from "./app/islands/entries.ts";
import { sonnerStylesAsFile } from "./vite.sonner-styles.ts";

// Interactive islands on otherwise static pages (the contact form, the header menu's arrow
// keys). Built after the React Router build into build/client/islands, with a manifest the
// server reads for file names.
export default defineConfig({
  publicDir: false,
  plugins: [sonnerStylesAsFile()],
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
  build: {
    outDir: "build/client",
    emptyOutDir: false,
    assetsDir: "islands",
    manifest: "islands-manifest.json",
    rollupOptions: {
      input: islandEntries,
      // "use client" markers in UI libraries mean nothing outside React Server Components.
      onwarn(warning, warn) {
        if (warning.code !== "MODULE_LEVEL_DIRECTIVE") warn(warning);
      },
    },
  },
});
