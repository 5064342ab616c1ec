// `npm run dev`: the same HTTP shell as production (http-shell/app.ts: body limits, client
// addresses, media, security headers) and the same React Router, root middleware included
// (cross-site writes), with Vite in front as middleware, which serves the source modules and hot
// updates and hands every other request on. React Router's build comes from Vite for each
// request, so an edit shows without a restart.
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { ServerBuild } from "react-router";
import { createServer as createViteServer } from "vite";
import { exitOnStartupError, listenOrExit } from "../http-shell/listen-or-exit.ts";

// Development mode (demo account, no Secure cookies over http, React's development build), unless set.
process.env.NODE_ENV ??= "development";
let handle: (request: IncomingMessage, response: ServerResponse) => void = (_request, response) => {
  response.writeHead(503).end();
};
const server = createHttpServer((request, response) => handle(request, response));
// Vite's hot updates share the site's port, so the page's policy (connect-src 'self') allows them.
const vite = await createViteServer({ server: { middlewareMode: true, hmr: { server } }, appType: "custom" });
try {
  const serverApp = (await vite.ssrLoadModule("/http-shell/app.ts")) as typeof import("../http-shell/app.ts");
  const { port, host } = serverApp.listenAddress();
  const app = await serverApp.createApp({
    dev: { loadBuild: async () => (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild },
  });
  handle = (request, response) => vite.middlewares(request, response, () => app.listener(request, response));
  await listenOrExit(server, port, host);
  console.log(`Development site ready at http://localhost:${port}`);
  const stop = () => {
    server.close();
    void Promise.all([app.close(), vite.close()]).finally(() => process.exit(0));
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
} catch (error) {
  await vite.close();
  exitOnStartupError(error);
}
