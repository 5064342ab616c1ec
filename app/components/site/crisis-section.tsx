import type { CrisisLine } from "#app/content/practice.ts";
import { useSiteWords } from "#app/i18n/site-words.ts";
import { useCrisisLineText } from "./crisis-line-text.tsx";

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
            <CrisisCard key={line.id} line={line} />
          ))}
        </ul>
      </div>
    </section>
  );
}

function CrisisCard({ line }: { line: CrisisLine }) {
  const words = useSiteWords();
  const { name, description, lang, answersInEnglish, textHref } = useCrisisLineText(line);
  return (
    <li className="flex flex-col rounded-xl border border-line bg-sand p-5">
      <h3 className="font-sans text-base font-semibold text-ink" lang={lang}>
        {name}
      </h3>
      <p className="mt-2 flex flex-wrap items-baseline gap-x-5">
        <a href={line.href} className="text-2xl font-bold text-clay-dark underline-offset-4 hover:underline">
          {line.number}
        </a>
        {textHref ? (
          <a href={textHref} className="font-semibold text-clay-dark underline underline-offset-4">
            {words.text} {line.number}
          </a>
        ) : null}
      </p>
      <p className="mt-2 text-sm text-muted" lang={lang}>
        {description}
      </p>
      {answersInEnglish ? <p className="mt-1 text-sm text-muted">{words.lineMayAnswerInEnglish}</p> : null}
    </li>
  );
}
