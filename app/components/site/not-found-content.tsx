import { emergency911, lifeline988 } from "#app/content/practice.ts";

/** The 404 page body: what happened, the way home, and help for anyone in crisis. */
export function NotFoundContent() {
  return (
    <section className="container-page flex flex-col items-center py-24 text-center">
      <p className="eyebrow">Error 404</p>
      <h1 className="mt-3 text-4xl font-bold text-brand-dark sm:text-5xl">Oops! Page not found</h1>
      <p className="mt-5 max-w-xl text-lg text-muted">The page you were looking for may have moved, or the address may have a typo.</p>
      <a href="/" className="btn-brand mt-8">
        Return to Home
      </a>
      <div className="mt-12 w-full max-w-xl rounded-2xl border border-line bg-sand p-5">
        <p className="text-muted">
          Need help right now? In an emergency, call {emergency911.number}. For the Suicide &amp; Crisis Lifeline, call or text{" "}
          {lifeline988.number}, any time.
        </p>
        <p className="mt-4 flex flex-wrap justify-center gap-3">
          <a className="btn-outline-brand px-5" href={emergency911.href}>
            Call {emergency911.number}
          </a>
          <a className="btn-outline-brand px-5" href={lifeline988.href}>
            Call {lifeline988.number}
          </a>
          <a className="btn-outline-brand px-5" href={lifeline988.textHref}>
            Text {lifeline988.number}
          </a>
        </p>
      </div>
    </section>
  );
}
