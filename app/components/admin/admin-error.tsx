import { useEffect } from "react";
import { isRouteErrorResponse } from "react-router";
import { toast } from "sonner";
import { NoAccess } from "./no-access.tsx";
import { SessionEnded } from "./session-ended.tsx";

/**
 * What a failed admin loader shows. Each tab has a clientLoader that only calls its server
 * loader: that makes React Router fetch the tab's data on its own, so a failure lands in the
 * tab's ErrorBoundary (this message and toast) rather than replacing the whole dashboard.
 * A 401 means the session ended while the page was open: the
 * admin is sent to sign in again. A 403 is an address the account's role does not reach (the
 * server's message, and the way back). Anything else is the tab's own message, also as a toast.
 */
export function AdminError({ error, message }: { error: unknown; message: string }) {
  const sessionEnded = isRouteErrorResponse(error) && error.status === 401;
  const forbidden = isRouteErrorResponse(error) && error.status === 403 && typeof error.data === "string" ? error.data : null;
  useEffect(() => {
    if (!sessionEnded && forbidden === null) toast.error("Error", { description: message });
  }, [sessionEnded, forbidden, message]);

  return (
    <div role="alert" className="rounded-2xl border border-clay/40 bg-clay-soft p-6 text-clay-dark">
      {sessionEnded ? <SessionEnded /> : forbidden !== null ? <NoAccess message={forbidden} /> : <p className="font-semibold">{message}</p>}
    </div>
  );
}
