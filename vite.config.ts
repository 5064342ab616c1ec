import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { sonnerStylesAsFile } from "./vite.sonner-styles.ts";

export default defineConfig({
  // The server build's entry is our own request listener (page cache, static files,
  // request log) wrapped around React Router's handler, so both share one module graph.
  environments: { ssr: { build: { rollupOptions: { input: "./http-shell/app.ts" } } } },
  build: {
    rollupOptions: {
      onwarn(warning, warn) {
        // The sign-in page imports admin-action.ts only when its clientAction runs (see
        // app/routes/admin/login.tsx), so that page's CSS leaves out sonner's. The admin's own
        // routes import it statically: the dynamic import moves nothing, and is not meant to.
        if (warning.code === "INEFFECTIVE_DYNAMIC_IMPORT" && warning.message.includes("app/routes/admin/login.tsx")) return;
        warn(warning);
      },
    },
  },
  plugins: [sonnerStylesAsFile(), tailwindcss(), reactRouter()],
});
