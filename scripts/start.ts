// `npm start`: build when the sources changed since the last build, then serve the build. The
// port is checked first, so a second start while the site runs changes nothing (not even the build).
import "../http-shell/production-mode.ts";
import { getConfig, tryOutDemoMode } from "../app/server/config.server.ts";
import { exitOnStartupError, exitUnlessPortFree } from "../http-shell/listen-or-exit.ts";
import { buildIfNeeded } from "./build-if-needed.ts";

// Only when it says "local": process.env turns an undefined into the string "undefined", which
// the configuration refuses (a deployed site would not start).
const demoMode = tryOutDemoMode(process.env);
if (demoMode) process.env.DEMO_MODE = demoMode;
let config: ReturnType<typeof getConfig>;
try {
  config = getConfig();
} catch (error) {
  exitOnStartupError(error);
}
await exitUnlessPortFree(config.port, config.host);
buildIfNeeded();
await import("../server.ts");
