import { useEffect } from "react";
import { data, Form, Outlet, type ShouldRevalidateFunction, useLocation, useNavigation } from "react-router";
import { AdminError } from "#app/components/admin/admin-error.tsx";
import { AdminMenu } from "#app/components/admin/admin-menu.tsx";
import { AdminTabs, BesideTabsLinks, besideTabsLinkClass } from "#app/components/admin/admin-tabs.tsx";
import { SaveChangesButton, useEditorStatusSlot } from "#app/content/editor/editor-form.tsx";
import { Logo } from "#app/components/site/logo.tsx";
import { dismissToasts, Toaster, useToastMessage } from "#app/components/ui/toaster.tsx";
import { editorTabAt } from "#app/content/pages.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { countNewInquiries } from "#app/inquiries/inquiry-store.server.ts";
import { countAwaitingReviews } from "#app/pages/profile-review.server.ts";
import { adminContext } from "#app/staff/session.server.ts";
import { readFlashToast } from "#app/admin-action/toast.server.ts";
import type { RouteHandle } from "#app/root.tsx";
import { mayEnter } from "#app/staff/staff-roles.ts";
import { revalidateUnlessUnanswered } from "#app/admin-action/admin-answer.ts";
import type { Route } from "./+types/layout";

export const meta: Route.MetaFunction = () => [
  { title: "Admin Dashboard | Red Cliffs Counseling & Wellness" },
  { name: "robots", content: "noindex" },
];

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export const handle: RouteHandle = { hydrate: true };

/**
 * What this loads (who is signed in, a toast a form left, the New count) changes when a form is
 * sent, not when only the address's query does on the same page: the inbox's Older and Newer
 * links, its filters and its search. Those load the list alone; the New count came along with
 * every one of them before. A form the server never answered keeps its page (see
 * revalidateUnlessUnanswered); a reload of the same address loads everything.
 */
export const shouldRevalidate: ShouldRevalidateFunction = (args) => {
  const sent = args.formMethod !== undefined && args.formMethod.toUpperCase() !== "GET";
  const queryOnly = args.currentUrl.pathname === args.nextUrl.pathname && args.currentUrl.search !== args.nextUrl.search;
  return !sent && queryOnly ? false : revalidateUnlessUnanswered(args);
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = context.get(adminContext);
  // The New count is the inbox's: a role that may not read inquiries is not told how many came.
  const seesInbox = mayEnter(admin.role, "inquiries");
  // Likewise the clinicians' profile changes waiting: counted for those who review them.
  const reviews = mayEnter(admin.role, "content");
  const db = await getDb();
  const [{ toast, setCookie }, newInquiries, awaitingReview] = await Promise.all([
    readFlashToast(request),
    seesInbox ? countNewInquiries(db) : 0,
    reviews ? countAwaitingReviews(db) : 0,
  ]);
  return data(
    { email: admin.email, role: admin.role, toast, newInquiries, awaitingReview },
    setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined,
  );
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const location = useLocation();
  // A different tab or page of a tab is on its way (not a form post on this one).
  const next = navigation.location;
  const loadingTab =
    navigation.state === "loading" &&
    next !== undefined &&
    next.pathname.startsWith("/admin/") &&
    (next.pathname !== location.pathname || next.search !== location.search);
  // A toast belongs to the page it was shown on: going to another takes it away (before that
  // page's own toasts come).
  useEffect(() => {
    if (loadingTab) dismissToasts();
  }, [loadingTab]);
  useToastMessage(loaderData.toast);
  const editor = useEditorStatusSlot();
  // Spec section 2: the button is shown on the three content tabs only (and on the pages edited
  // beside the tabs: Practice Details, Book List).
  const showsSave = editorTabAt(location.pathname) !== undefined;

  return (
    <div className="flex min-h-dvh flex-col bg-sand">
      {/* Past the header's stops (logo, links, buttons, tabs) to the tab itself. */}
      <a
        href="#admin-main"
        className="sr-only z-50 rounded-md bg-white px-4 py-3 font-semibold text-brand-dark shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to the tab's content
      </a>
      <header className="border-b border-line bg-white">
        {/* A grid from 640 px up (app.css, admin-header): the logo and links, then the title and
            welcome line beside the buttons. On a phone: the title and a Menu holding the rest. */}
        <div className="admin-header container-page">
          <div className="admin-header-logo [grid-area:logo] max-sm:hidden">
            <Logo />
          </div>
          <h1 className="text-3xl font-bold text-brand-dark [grid-area:title] max-sm:text-2xl">Admin Dashboard</h1>
          {showsSave ? (
            <div className="[grid-area:save]">
              <SaveChangesButton status={editor.status} onPreview={editor.openPreview} />
            </div>
          ) : null}
          <AdminMenu>
            <p className="mt-1 break-words text-muted [grid-area:welcome] max-sm:text-sm">
              Welcome, <span className="font-semibold text-ink">{loaderData.email}</span>
            </p>
            <div className="admin-menu-links flex flex-wrap items-center gap-x-5 gap-y-2 [grid-area:links] max-sm:flex-col max-sm:items-start max-sm:gap-y-0 sm:justify-end">
              <BesideTabsLinks role={loaderData.role} awaitingReview={loaderData.awaitingReview} />
              <a className={besideTabsLinkClass} href="/">
                View website
              </a>
            </div>
            <Form method="post" action="/admin/logout" reloadDocument className="[grid-area:logout]">
              <button type="submit" className="btn-outline-brand">
                Logout
              </button>
            </Form>
          </AdminMenu>
        </div>
        <AdminTabs role={loaderData.role} newInquiries={loaderData.newInquiries} />
      </header>
      {/* On a phone, room below the page for the fixed save bar (its height, editor-form.tsx). */}
      <main
        id="admin-main"
        tabIndex={-1}
        className={`container-page flex-1 py-8 outline-none max-sm:pt-5 ${showsSave ? "max-sm:pb-[calc(var(--save-bar-height,8rem)+1rem)]" : ""}`}
      >
        {loadingTab ? (
          <p role="status" className="py-16 text-center text-lg text-muted">
            Loading...
          </p>
        ) : (
          editor.provide(<Outlet />)
        )}
      </main>
      <Toaster belowHeader />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <main className="container-page py-16">
      <h1 className="mb-6 text-3xl font-bold text-brand-dark">Admin Dashboard</h1>
      <AdminError error={error} message="The dashboard could not be loaded. Please try again." />
      <Toaster />
    </main>
  );
}
