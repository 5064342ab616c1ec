import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { sonnerStylesAsFile } from "./vite.sonner-styles.ts";

export default defineConfig({
  // The server build's entry is our own request listener (page cache, static files,
  // request log) wrapped around React Router's handler, so both share one module graph. The
  // second is an HTTP loop thread's (server.ts): the shell without the routes.
  environments: {
    ssr: {
      build: {
        rollupOptions: {
          input: { index: "./http-shell/app.ts", "http-loop": "./http-shell/http-loop.ts" },
        },
      },
    },
  },
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
  plugins: [
    sonnerStylesAsFile(),
    tailwindcss(),
    reactRouter(),
    {
      // React Router names the server build's entry index.js; the loop threads' is http-loop.js.
      name: "server-entry-names",
      enforce: "post",
      configEnvironment: (name) =>
        name === "ssr" ? { build: { rollupOptions: { output: { entryFileNames: (chunk) => `${chunk.name}.js` } } } } : undefined,
    },
  ],
});
