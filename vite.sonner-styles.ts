import type { Plugin } from "vite";

// sonner (toasts) adds its CSS by appending a <style> element when its module loads. Our
// Content-Security-Policy allows stylesheets only as files (style-src 'self', no
// 'unsafe-inline'), so the browser would block that element and toasts would be unstyled.
// This plugin replaces the injection with an import of the stylesheet sonner ships, which Vite
// then serves as a CSS file beside whichever bundle uses sonner.
const sonnerModule = /[\\/]node_modules[\\/]sonner[\\/]dist[\\/]index\.mjs$/;
const injection = /^__insertCSS\(".*"\);?$/m;

export function sonnerStylesAsFile(): Plugin {
  return {
    name: "sonner-styles-as-file",
    enforce: "pre",
    // Pre-bundled dependencies skip plugins: serve sonner through this one in development too.
    config: () => ({ optimizeDeps: { exclude: ["sonner"] } }),
    transform(code, id) {
      // In development the id carries a version query (index.mjs?v=…).
      if (!sonnerModule.test(id.split("?", 1)[0]!)) return null;
      if (!injection.test(code)) {
        // A new sonner version adds its styles differently: fail the build rather than ship
        // toasts the policy leaves unstyled.
        this.error("sonner no longer adds its CSS with one __insertCSS(...) call: update vite.sonner-styles.ts");
      }
      return { code: code.replace(injection, 'import "sonner/dist/styles.css";'), map: null };
    },
  };
}
