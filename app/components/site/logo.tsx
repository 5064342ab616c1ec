import { usePractice } from "#app/components/site/practice-context.tsx";
import { useLanguage } from "#app/i18n/site-words.ts";
import { pathIn } from "#app/i18n/languages.ts";

/** The practice's mark (a sun over red cliffs) and name, linking home. */
export function Logo({ tone = "dark", subtitleOnNarrowScreens = true }: { tone?: "dark" | "light"; subtitleOnNarrowScreens?: boolean }) {
  const practice = usePractice();
  const home = pathIn(useLanguage(), "/");
  const nameColor = tone === "dark" ? "text-brand-dark" : "text-white";
  const subColor = tone === "dark" ? "text-muted" : "text-white/85";
  return (
    <a href={home} className="flex items-center gap-3 no-underline">
      <svg viewBox="0 0 48 48" className="size-11 shrink-0" aria-hidden="true" focusable="false">
        <circle cx="24" cy="24" r="24" fill="#f6e6dd" />
        <circle cx="31" cy="17" r="6" fill="#e0a458" />
        <path d="M4 33 L14 22 L20 27 L28 18 L38 28 L44 26 L44 34 Q24 44 4 34 Z" fill="#9c4425" />
        <path d="M6 37 Q24 46 42 37 L42 38 Q24 48 6 38 Z" fill="#2c5a54" />
      </svg>
      <span className="flex flex-col leading-tight">
        <span className={`font-serif text-lg font-bold sm:text-xl ${nameColor}`}>{practice.shortName}</span>
        <span
          className={`text-xs font-medium tracking-wide whitespace-nowrap ${subColor} ${subtitleOnNarrowScreens ? "" : "max-[359px]:hidden"}`}
        >
          Counseling &amp; Wellness
        </span>
      </span>
    </a>
  );
}
