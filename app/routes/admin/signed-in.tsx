import { AdminError } from "#app/components/admin/admin-error.tsx";
import { Toaster } from "#app/components/ui/toaster.tsx";
import { adminSession } from "#app/staff/session.server.ts";
import type { Route } from "./+types/signed-in";

/**
 * Every admin route but sign-in sits under this one: its middleware checks the session once,
 * before any of their loaders or actions (which read `context.get(adminContext)`). It renders
 * nothing of its own.
 */
export const middleware: Array<Route.MiddlewareFunction> = [adminSession];

/** A refusal by the middleware lands here: a session that ended while a page was open goes to sign-in (AdminError). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <main className="container-page py-16">
      <AdminError error={error} message="The dashboard could not be loaded. Please try again." />
      <Toaster />
    </main>
  );
}
