// `npm start`: build when the sources changed since the last build, then serve the build.
import { buildIfNeeded } from "./build-if-needed.ts";

buildIfNeeded();
await import("../server.ts");
