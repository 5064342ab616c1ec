import { type Language, languageOfPath } from "#app/i18n/languages.ts";
import { useLocalPath, useSiteWords } from "#app/i18n/site-words.ts";

/** The notice a public page shows, in its language (shownNotice, public-layout's loader). */
export type ShownNotice = {
  text: string;
  /** "en": the English text on a page in another language, which has none of its own yet. */
  textLang: "en" | undefined;
  link: string;
  linkText: string;
  linkTextLang: "en" | undefined;
};

/** A notice's texts as staff wrote them (notices.server.ts's Notice, or the admin form's values). */
type NoticeTexts = { textEn: string; textEs: string; link: string; linkTextEn: string; linkTextEs: string };

/** A notice as a page in `language` shows it: its Spanish where it has some, else its English, marked. */
export function noticeIn(notice: NoticeTexts, language: Language): ShownNotice {
  const spanish = language === "es";
  return {
    text: spanish && notice.textEs ? notice.textEs : notice.textEn,
    textLang: spanish && !notice.textEs ? "en" : undefined,
    link: notice.link,
    linkText: spanish && notice.linkTextEs ? notice.linkTextEs : notice.linkTextEn,
    linkTextLang: spanish && !notice.linkTextEs ? "en" : undefined,
  };
}

/**
 * A notice at the top of the page's content, below the header and its crisis strip (never over
 * them), in the normal flow: "Closed Thursday and Friday for Thanksgiving. Our holiday hours".
 * Plain words and a link: no HTML is ever read from it.
 */
export function NoticeBar({ notice }: { notice: ShownNotice }) {
  const words = useSiteWords();
  const localPath = useLocalPath();
  // A page of this site opens in the page's language; another site's address as it is.
  const href = notice.link.startsWith("/") && languageOfPath(notice.link) === "en" ? localPath(notice.link) : notice.link;
  return (
    <p role="note" aria-label={words.notice} className="border-b border-brand/20 bg-brand-soft px-4 py-3 text-center text-base text-ink">
      <span lang={notice.textLang} className="font-semibold">
        {notice.text}
      </span>
      {notice.link ? (
        <>
          {" "}
          <a className="link font-semibold" href={href} lang={notice.linkTextLang}>
            {notice.linkText}
          </a>
        </>
      ) : null}
    </p>
  );
}
