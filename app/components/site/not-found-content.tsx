import { emergency911, lifeline988 } from "#app/content/practice.ts";
import { useLanguage, useSiteWords } from "#app/i18n/site-words.ts";
import { pathIn } from "#app/i18n/languages.ts";
import { useCrisisLineText } from "./crisis-line-text.tsx";

/** The 404 page body: what happened, the way home, and help for anyone in crisis. */
export function NotFoundContent() {
  const { notFound, call, callLifeline, text } = useSiteWords();
  const { textHref } = useCrisisLineText(lifeline988);
  const home = pathIn(useLanguage(), "/");
  return (
    <section className="container-page flex flex-col items-center py-24 text-center">
      <p className="eyebrow">{notFound.eyebrow}</p>
      <h1 className="mt-3 text-4xl font-bold text-brand-dark sm:text-5xl">{notFound.title}</h1>
      <p className="mt-5 max-w-xl text-lg text-muted">{notFound.explanation}</p>
      <a href={home} className="btn-brand mt-8">
        {notFound.returnHome}
      </a>
      <div className="mt-12 w-full max-w-xl rounded-2xl border border-line bg-sand p-5">
        <p className="text-muted">{notFound.needHelp(emergency911.number, lifeline988.number)}</p>
        <p className="mt-4 flex flex-wrap justify-center gap-3">
          <a className="btn-outline-brand px-5" href={emergency911.href}>
            {call} {emergency911.number}
          </a>
          <a className="btn-outline-brand px-5" href={lifeline988.href}>
            {callLifeline(lifeline988.number)}
          </a>
          <a className="btn-outline-brand px-5" href={textHref}>
            {text} {lifeline988.number}
          </a>
        </p>
      </div>
    </section>
  );
}
