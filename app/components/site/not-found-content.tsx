/** The 404 page body: what happened, the way home, and help for anyone in crisis. */
export function NotFoundContent() {
  return (
    <section className="container-page flex flex-col items-center py-24 text-center">
      <p className="eyebrow">Error 404</p>
      <h1 className="mt-3 text-4xl font-bold text-brand-dark sm:text-5xl">Oops! Page not found</h1>
      <p className="mt-5 max-w-xl text-lg text-muted">
        The page you were looking for may have moved, or the address may have a typo.
      </p>
      <a href="/" className="btn-brand mt-8">
        Return to Home
      </a>
      <p className="mt-10 max-w-xl text-sm text-muted">
        Need help right now? Call{" "}
        <a className="link" href="tel:911">
          911
        </a>{" "}
        in an emergency, or call or text{" "}
        <a className="link" href="tel:988">
          988
        </a>{" "}
        for the Suicide &amp; Crisis Lifeline.
      </p>
    </section>
  );
}
