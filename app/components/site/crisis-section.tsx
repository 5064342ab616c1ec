import type { CrisisLine } from "#app/content/practice.ts";

type CrisisSectionProps = {
  title: string;
  intro: string;
  lines: ReadonlyArray<CrisisLine>;
  headingId: string;
};

/** Crisis numbers, large and tappable: someone in distress on a phone must find them at once. */
export function CrisisSection({ title, intro, lines, headingId }: CrisisSectionProps) {
  return (
    <section aria-labelledby={headingId} className="border-y-4 border-clay bg-white">
      <div className="container-page py-14">
        <h2 id={headingId} className="text-3xl font-bold text-clay-dark">
          {title}
        </h2>
        <p className="mt-3 max-w-3xl text-lg text-ink">{intro}</p>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {lines.map((line) => (
            <li key={line.id} className="flex flex-col rounded-xl border border-line bg-sand p-5">
              <h3 className="font-sans text-base font-semibold text-ink">{line.name}</h3>
              <p className="mt-2 flex flex-wrap items-baseline gap-x-5">
                <a href={line.href} className="text-2xl font-bold text-clay-dark underline-offset-4 hover:underline">
                  {line.number}
                </a>
                {line.textHref ? (
                  <a href={line.textHref} className="font-semibold text-clay-dark underline underline-offset-4">
                    Text {line.number}
                  </a>
                ) : null}
              </p>
              <p className="mt-2 text-sm text-muted">{line.description}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
