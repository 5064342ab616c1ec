import { usePractice } from "#app/components/site/practice-context.tsx";
import { serviceTextIn, useServices } from "./services-context.tsx";
import { CrisisLinks, crisisButtonClass } from "./crisis-links.tsx";
import { ChevronDownIcon, CloseIcon, MenuIcon, PhoneIcon } from "./icons.tsx";
import { Logo } from "./logo.tsx";
import { type SiteWords, useLanguage, useSiteWords } from "#app/i18n/site-words.ts";
import { englishPathOf, pathIn } from "#app/i18n/languages.ts";

function primaryLinks(words: SiteWords) {
  return [
    { href: "/", label: words.home },
    { href: "/about", label: words.about },
    { href: "/resources", label: words.resources },
  ] as const;
}

/** Whether `href` (an English address) is the page at `currentPath`, in either language. */
function currentProps(href: string, currentPath: string) {
  const path = englishPathOf(currentPath);
  const current = href === "/" ? path === "/" : path === href || path.startsWith(`${href}/`);
  return current ? ({ "aria-current": "page" } as const) : {};
}

const desktopLinkClass =
  "rounded-md px-3 py-2 text-[0.95rem] font-medium text-ink no-underline hover:bg-brand-soft hover:text-brand-dark aria-[current=page]:text-brand aria-[current=page]:underline aria-[current=page]:decoration-2 aria-[current=page]:underline-offset-8";

const topBarLinkClass =
  "inline-flex h-11 items-center px-1.5 text-white underline decoration-white/40 underline-offset-4 hover:decoration-white";
const crisisStripLinkClass =
  "inline-flex h-11 min-w-11 items-center justify-center px-2 font-semibold text-clay-dark underline underline-offset-2 hover:text-ink max-[359px]:px-1";

/**
 * Menus are HTML popovers: the buttons open and close them by mouse, touch and keyboard
 * (Enter or Space opens, Escape closes and focus returns to the button) with no script.
 * The Services panel also opens on mouse hover, but not on focus alone, so Tab passes it.
 */
export function SiteHeader({ currentPath }: { currentPath: string }) {
  const practice = usePractice();
  const services = useServices();
  const words = useSiteWords();
  const links = primaryLinks(words);
  // Every link leads to the page in the language of this one.
  const language = useLanguage();
  const local = (href: string) => pathIn(language, href);
  // The services' names, in this page's language where they are translated.
  const named = (service: (typeof services)[number]) => serviceTextIn(service, language);
  return (
    // On a phone the header sticks 2.75rem above the viewport's top: the office bar scrolls away,
    // while the crisis strip, the logo and menu stay. From 640 px up (a desktop, or one at 200%
    // zoom) the crisis lines are in the office bar, so the whole header stays.
    <header className="sticky -top-11 z-40 sm:top-0 bg-white/95 shadow-sm backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <div className="bg-brand-dark text-white">
        <div className="container-page flex h-11 items-center justify-center text-sm sm:justify-between">
          <p className="flex items-center">
            <PhoneIcon className="mr-1 size-4" />
            <a href={practice.phone.href} className={topBarLinkClass}>
              <span>
                {words.call} <span className="font-semibold">{practice.phone.display}</span>
              </span>
            </a>
            <span aria-hidden="true">·</span>
            <a href={practice.phone.textHref} className={topBarLinkClass}>
              {words.text}
              <span className="sr-only"> {practice.phone.display}</span>
            </a>
          </p>
          <p className="hidden items-center sm:flex">
            <span className="mr-1">{words.inCrisis}</span>
            <CrisisLinks linkClass={topBarLinkClass} separator={<span aria-hidden="true">·</span>} emergencyLabel={words.emergency} />
          </p>
        </div>
      </div>

      {/* On a phone the crisis lines get their own calm strip, which stays when the page scrolls. */}
      <p className="flex h-11 items-center justify-center gap-x-1 bg-clay-soft px-2 text-sm text-ink shadow-[inset_0_-1px_0_rgb(156_68_37/0.2)] sm:hidden">
        <span className="mr-1 font-semibold whitespace-nowrap text-clay-dark">{words.inCrisis}</span>
        <CrisisLinks linkClass={crisisStripLinkClass} emergencyLabel={words.callInStrip} short />
      </p>

      <div className="container-page flex min-h-16 items-center justify-between gap-3 py-2 sm:min-h-18 sm:gap-4">
        <Logo subtitleOnNarrowScreens={false} />

        <nav aria-label={words.mainNavigation} className="hidden lg:block">
          <ul className="flex items-center gap-1">
            <li>
              <a href={local("/")} className={desktopLinkClass} {...currentProps("/", currentPath)}>
                {words.home}
              </a>
            </li>
            <li className="services-nav relative">
              <button
                type="button"
                popoverTarget="services-menu"
                className={`${desktopLinkClass} services-trigger inline-flex items-center gap-1`}
                {...(englishPathOf(currentPath).startsWith("/services/") ? { "data-current": "true" } : {})}
              >
                {words.services}
                <ChevronDownIcon className="size-4" />
              </button>
              <div id="services-menu" popover="auto" className="services-popover">
                <ul className="grid w-[34rem] max-w-[calc(100vw-2rem)] grid-cols-2 gap-1 rounded-xl border border-line bg-white p-3 shadow-xl">
                  {services.map((service) => (
                    <li key={service.id}>
                      <a
                        href={local(service.path)}
                        lang={named(service).titleLang}
                        className="block rounded-md px-3 py-2 text-sm text-ink no-underline hover:bg-brand-soft hover:text-brand-dark aria-[current=page]:font-semibold aria-[current=page]:text-brand"
                        {...currentProps(service.path, currentPath)}
                      >
                        {named(service).title}
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            </li>
            {links.slice(1).map((link) => (
              <li key={link.href}>
                <a href={local(link.href)} className={desktopLinkClass} {...currentProps(link.href, currentPath)}>
                  {link.label}
                </a>
              </li>
            ))}
            <li className="ml-2">
              <a href={local("/contact")} className="btn-primary" {...currentProps("/contact", currentPath)}>
                {words.contact}
              </a>
            </li>
          </ul>
        </nav>

        <button
          type="button"
          popoverTarget="mobile-menu"
          className="inline-flex min-h-11 items-center gap-2 rounded-md border border-line px-3 py-2 text-sm font-semibold text-brand-dark lg:hidden"
        >
          <MenuIcon />
          {words.menu}
        </button>
      </div>

      <div id="mobile-menu" popover="auto" className="mobile-menu lg:hidden">
        <div className="flex items-center justify-between border-b border-line px-5 py-4">
          <span className="font-serif text-lg font-bold text-brand-dark">{words.menu}</span>
          <button
            type="button"
            popoverTarget="mobile-menu"
            popoverTargetAction="hide"
            className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-md text-ink hover:bg-brand-soft"
            aria-label={words.closeMenu}
          >
            <CloseIcon />
          </button>
        </div>
        <div className="mx-5 mt-4 rounded-xl border border-clay/30 bg-clay-soft p-3">
          <p className="text-sm font-semibold text-clay-dark">{words.inCrisisHelpIsHere}</p>
          {/* Three in a row where their words fit; on the narrowest phones (Spanish at 320 px) a second row, never words spilling out. */}
          <p className="mt-2 flex flex-wrap gap-1.5">
            <CrisisLinks linkClass={`${crisisButtonClass} grow basis-0 whitespace-nowrap`} emergencyLabel={words.call} short />
          </p>
        </div>
        <nav aria-label={words.mobileNavigation} className="px-5 py-4">
          <ul className="space-y-1">
            {links.map((link) => (
              <li key={link.href}>
                <a href={local(link.href)} className="mobile-link" {...currentProps(link.href, currentPath)}>
                  {link.label}
                </a>
              </li>
            ))}
            <li>
              <p className="mt-4 mb-1 px-3 text-xs font-semibold tracking-widest text-clay uppercase">{words.services}</p>
              <ul>
                {services.map((service) => (
                  <li key={service.id}>
                    <a
                      href={local(service.path)}
                      lang={named(service).titleLang}
                      className="mobile-link text-[0.95rem]"
                      {...currentProps(service.path, currentPath)}
                    >
                      {named(service).title}
                    </a>
                  </li>
                ))}
              </ul>
            </li>
            <li className="pt-4">
              <a href={local("/contact")} className="btn-primary w-full" {...currentProps("/contact", currentPath)}>
                {words.contact}
              </a>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
