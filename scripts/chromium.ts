// Debian's Chromium, as the browser tests and the Lighthouse bench start it.

/** Where it is (`apt-get install chromium`); CHROMIUM_PATH names another. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Nothing in the background reaches out: this machine's network is closed, and a measurement must see only the site. */
export const chromiumFlags = [
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-quic",
  "--no-first-run",
];
