// Debian's Chromium, as the browser tests and the Lighthouse bench start it.
import { existsSync } from "node:fs";

/** Where it is (`apt-get install chromium`); CHROMIUM_PATH names another. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

const headlessShellPath = "/usr/bin/chromium-headless-shell";

/**
 * What the browser tests drive: Debian's headless shell (`apt-get install chromium-headless-shell`,
 * the same Blink as Chromium without the browser's own interface) where it is installed, else
 * Chromium. On 2 cores it halved the browser's CPU time and took the public pages' tests from 49 s
 * to 31 s (docs/decisions/039-browser-tests-in-the-headless-shell.md). Lighthouse keeps the full
 * browser: what it measures is what visitors run. CHROMIUM_PATH names another for both.
 */
export const testChromiumPath = !process.env.CHROMIUM_PATH && existsSync(headlessShellPath) ? headlessShellPath : chromiumPath;

/** Nothing in the background reaches out: this machine's network is closed, and a measurement must see only the site. */
export const chromiumFlags = [
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-quic",
  "--no-first-run",
];
