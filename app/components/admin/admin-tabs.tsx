import { NavLink } from "react-router";
import { editorTabs } from "#app/content/pages.ts";
import { countText } from "#app/inquiries/inbox-view.ts";

// The content tabs as the page definitions place them (app/content/pages.ts), then the two others.
const adminTabs = [
  ...editorTabs.filter((tab) => !tab.besideTabs).map((tab) => ({ to: tab.path, label: tab.tab })),
  { to: "/admin/images", label: "Images" },
  { to: "/admin/inquiries", label: "Contact Inquiries" },
];

/**
 * The dashboard's five tabs; each is a URL, so a tab can be bookmarked and reloaded. The
 * inbox tab shows how many inquiries are New.
 */
export function AdminTabs({ newInquiries }: { newInquiries: number }) {
  return (
    <nav aria-label="Dashboard sections" className="container-page">
      {/* Wraps onto a second row on phones, so every tab (and the current one) stays in view. */}
      <ul className="-mb-px flex flex-wrap gap-x-1">
        {adminTabs.map((tab) => (
          <li key={tab.to} className="shrink-0">
            <NavLink
              to={tab.to}
              className="block border-b-[3px] border-transparent px-3 py-3 text-sm font-semibold whitespace-nowrap text-muted no-underline hover:text-brand-dark aria-[current=page]:border-clay aria-[current=page]:text-brand-dark max-sm:py-2.5 sm:px-4"
            >
              {tab.label}
              {tab.to === "/admin/inquiries" && newInquiries > 0 ? (
                <span className="ml-2 inline-flex min-w-6 items-center justify-center rounded-full bg-clay-dark px-1.5 py-0.5 text-xs font-bold text-white">
                  {countText(newInquiries)}
                  <span className="sr-only"> new</span>
                </span>
              ) : null}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The content pages reached beside the tabs (Practice Details, Book List), as links in the dashboard's header. */
export function BesideTabsLinks() {
  return editorTabs
    .filter((tab) => tab.besideTabs)
    .map((tab) => (
      <NavLink key={tab.path} to={tab.path} className="link text-sm aria-[current=page]:font-semibold">
        {tab.tab}
      </NavLink>
    ));
}
