import { RouterContextProvider } from "react-router";
import { clientInfoContext } from "#app/lib/request-context.ts";
import type { RequestClient } from "./client-address.server.ts";

/**
 * React Router's load context for one request (what a custom server's `getLoadContext` returns):
 * who sent it, as `requestClient` read it from the socket and, from a TRUST_PROXY proxy, its
 * X-Forwarded-For (docs/decisions/016-client-address-and-demo-mode.md). The HTTP shell
 * (http-shell/app.ts) makes one for every request it hands React Router, in `npm run dev` as in
 * production; loaders, actions and middleware read it with `context.get(clientInfoContext)`.
 * The request's own policy (cross-site writes) is the root route's middleware (app/root.tsx).
 */
export function getLoadContext(client: Pick<RequestClient, "address">): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(clientInfoContext, { address: client.address });
  return context;
}
