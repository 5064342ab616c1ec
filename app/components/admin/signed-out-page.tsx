import type { ReactNode } from "react";
import { Logo } from "#app/components/site/logo.tsx";

/**
 * The frame of the admin's pages for someone not signed in (sign-in, "forgot your password?", an
 * invitation or reset link): the logo, one card with the page's title, and what follows it.
 */
export function SignedOutPage({
  title,
  intro,
  children,
  after,
}: {
  title: string;
  intro: ReactNode;
  children: ReactNode;
  after?: ReactNode;
}) {
  return (
    <div className="flex min-h-dvh flex-col bg-sand">
      <header className="border-b border-line bg-white">
        <div className="container-page flex items-center py-4">
          <Logo />
        </div>
      </header>
      <main className="flex flex-1 items-start justify-center px-4 py-12 sm:py-20">
        <div className="w-full max-w-md">
          <div className="rounded-2xl border border-line bg-white p-6 shadow-sm sm:p-8">
            <h1 className="text-3xl font-bold text-brand-dark">{title}</h1>
            <p className="mt-2 text-muted">{intro}</p>
            {children}
          </div>
          {after}
          <p className="mt-6 text-center text-sm">
            <a className="link" href="/">
              Back to the website
            </a>
          </p>
        </div>
      </main>
    </div>
  );
}

/** What Field needs of a form field, for a page without Conform in the browser (it does not hydrate). */
export function plainField(name: string, errors: Record<string, Array<string> | null> | null | undefined) {
  return { id: name, name, errorId: `${name}-error`, descriptionId: `${name}-description`, errors: errors?.[name] ?? undefined };
}
