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

/**
 * A notice at the top of the page's content, below the header and its crisis strip (never over
 * them), in the normal flow: "Closed Thursday and Friday for Thanksgiving. Our holiday hours".
 * Plain words and a link: no HTML is ever read from it.
 */
export function NoticeBar({ notice }: { notice: ShownNotice }) {
  const words = useSiteWords();
  const localPath = useLocalPath();
  // A page of this site opens in the page's language; another site's address as it is.
  const href = notice.link.startsWith("/") && !/^\/es(\/|$)/.test(notice.link) ? localPath(notice.link) : notice.link;
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
