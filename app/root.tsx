// First, so it runs before any route module makes a zod schema.
import "#app/lib/zod-without-eval.ts";
import { useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import { NoAccess } from "#app/components/admin/no-access.tsx";
import { SessionEnded } from "#app/components/admin/session-ended.tsx";
import { getConfig } from "#app/server/config.server.ts";
import { refuseCrossSiteWrites } from "#app/server/cross-site.server.ts";
import type { BodyLimitHandle } from "#app/lib/body-limit.ts";
import { revalidateUnlessUnanswered } from "#app/admin-action/admin-answer.ts";
import { englishPathOf, type Language, languageOfPath, pathIn } from "#app/i18n/languages.ts";
import { pageLanguagesOf } from "#app/i18n/page-languages.ts";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

// The request policy every route is under, in `npm run dev` as in production: a write from
// another site is refused before any route's middleware, loader or action runs (decision 006).
// Who sent the request comes in the load context (`clientInfoContext`: getLoadContext in
// app/server/load-context.server.ts); body limits are each route's `handle` (RouteHandle below).
export const middleware: Array<Route.MiddlewareFunction> = [refuseCrossSiteWrites];

// A form the server never answered keeps its page (see revalidateUnlessUnanswered).
export const shouldRevalidate = revalidateUnlessUnanswered;

export function loader() {
  // Absolute URLs (canonical, Open Graph) in every page's meta: from the configuration, never
  // from the request's Host header, which the client chooses.
  return { origin: getConfig().linkOrigin };
}

/** What a route's `handle` may say: whether its page hydrates, and how large a body it takes. */
export type RouteHandle = { hydrate?: boolean } & BodyLimitHandle;

/** Pages ship no JavaScript unless one of their routes asks to hydrate. */
function useShouldHydrate(): boolean {
  return useMatches().some((match) => (match.handle as RouteHandle | undefined)?.hydrate === true);
}

/**
 * A page in each language it is a page of its own in (page-languages.ts): its addresses, for the
 * alternates search engines read; none for a page in one language only.
 */
function useAlternates(pathname: string, languagesOfPage: ReadonlyArray<Language>): Array<{ hrefLang: string; href: string }> {
  const origin = useRouteLoaderData<{ origin: string }>("root")?.origin ?? "";
  if (languagesOfPage.length < 2) return [];
  const english = englishPathOf(pathname);
  return [
    ...languagesOfPage.map((each) => ({ hrefLang: each, href: origin + pathIn(each, english) })),
    { hrefLang: "x-default", href: origin + english },
  ];
}

export function Layout({ children }: { children: React.ReactNode }) {
  const hydrate = useShouldHydrate();
  const { pathname } = useLocation();
  const language = languageOfPath(pathname);
  const languagesOfPage = pageLanguagesOf(useMatches().at(-1)).languages;
  const alternates = useAlternates(pathname, languagesOfPage.includes(language) ? languagesOfPage : []);
  return (
    <html lang={language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1f433e" />
        {/* A Spanish address is not for search engines until its page is translated (decision 047). */}
        {languagesOfPage.includes(language) ? null : <meta name="robots" content="noindex" />}
        {alternates.map((alternate) => (
          <link key={alternate.hrefLang} rel="alternate" hrefLang={alternate.hrefLang} href={alternate.href} />
        ))}
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        {hydrate ? (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  // data-hydrated on <html> tells browser tests that React has finished hydrating a page (its
  // first commit and effects): typing sooner could land while hydration still touches a field.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return <Outlet />;
}

/** Last resort, outside the site chrome; public pages have their own boundary. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // The admin's session middleware refused a data request of an open page (its error lands
  // here, above the route it runs on): the admin signs in again.
  if (status === 401) {
    return (
      <main className="container-page py-24 text-center">
        <SessionEnded />
      </main>
    );
  }
  // The same middleware refused an address outside the account's role.
  if (status === 403 && isRouteErrorResponse(error) && typeof error.data === "string") {
    return (
      <main className="container-page py-24">
        <title>Admin Dashboard | Red Cliffs Counseling & Wellness</title>
        <meta name="robots" content="noindex" />
        <h1 className="mb-6 text-3xl font-bold text-brand-dark">Admin Dashboard</h1>
        <div role="alert" className="rounded-2xl border border-clay/40 bg-clay-soft p-6 text-clay-dark">
          <NoAccess message={error.data} />
        </div>
      </main>
    );
  }
  const message = status === 404 ? "Oops! Page not found" : "Something went wrong";
  return (
    <main className="container-page py-24 text-center">
      <title>{`${message} | Red Cliffs Counseling & Wellness`}</title>
      <h1 className="text-4xl font-bold">{message}</h1>
      <p className="mt-6">
        <a className="link" href="/">
          Return to Home
        </a>
      </p>
      {import.meta.env.DEV && error instanceof Error ? <pre className="mt-8 overflow-auto text-left text-sm">{error.stack}</pre> : null}
    </main>
  );
}
