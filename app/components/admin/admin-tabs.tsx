import { useEffect, useRef } from "react";
import { NavLink, useLocation } from "react-router";
import { editorTabs } from "#app/content/pages.ts";
import { countText } from "#app/inquiries/inbox-view.ts";
import { adminAreaOf, mayEnter, type StaffRole } from "#app/staff/staff-roles.ts";

// The content tabs as the page definitions place them (app/content/pages.ts), then the two
// others; a Clinician has one of their own.
const adminTabs = [
  ...editorTabs.filter((tab) => !tab.besideTabs).map((tab) => ({ to: tab.path, label: tab.tab })),
  { to: "/admin/images", label: "Images" },
  { to: "/admin/inquiries", label: "Contact Inquiries" },
  { to: "/admin/profile", label: "Your Profile" },
];

/** Whether `role` is let in at the admin address `to` (the server's rule, adminSession). */
function reaches(role: StaffRole, to: string): boolean {
  return mayEnter(role, adminAreaOf(to));
}

/**
 * The dashboard's tabs (five for an Owner, those of their part for the other roles); each is a
 * URL, so a tab can be bookmarked and reloaded. The inbox tab shows how many inquiries are New.
 */
export function AdminTabs({ role, newInquiries }: { role: StaffRole; newInquiries: number }) {
  const row = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  // On a phone the tabs are one row that scrolls sideways: the current one is scrolled into it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each change of tab
  useEffect(() => {
    const current = row.current?.querySelector<HTMLElement>("[aria-current=page]");
    if (!row.current || !current) return;
    const { offsetLeft, offsetWidth } = current;
    const { scrollLeft, clientWidth } = row.current;
    if (offsetLeft < scrollLeft || offsetLeft + offsetWidth > scrollLeft + clientWidth) row.current.scrollLeft = offsetLeft - 16;
  }, [pathname]);
  return (
    <nav aria-label="Dashboard sections" className="container-page">
      {/* One row on phones too, sideways-scrolling, so the tabs take one line of the first screen. */}
      <ul ref={row} className="relative -mb-px flex gap-x-1 max-sm:overflow-x-auto max-sm:[scrollbar-width:thin] sm:flex-wrap">
        {adminTabs
          .filter((tab) => reaches(role, tab.to))
          .map((tab) => (
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

// The pages reached beside the tabs: the content pages placed there (Practice Details, Book
// List), the articles, the notices, the drafts scheduled to publish, the clinicians' changes awaiting review, then the Owner's (the activity
// log, privacy requests, staff accounts), then everyone's own account.
const besideTabsLinks = [
  ...editorTabs.filter((tab) => tab.besideTabs).map((tab) => ({ to: tab.path, label: tab.tab })),
  { to: "/admin/articles/list", label: "Articles" },
  { to: "/admin/notices", label: "Notices" },
  { to: "/admin/scheduled", label: "Scheduled" },
  { to: "/admin/reviews", label: "Awaiting review" },
  { to: "/admin/activity", label: "Activity Log" },
  { to: "/admin/privacy", label: "Privacy Requests" },
  { to: "/admin/staff", label: "Staff Accounts" },
  { to: "/admin/account", label: "Your Account" },
];

/** A header link's look: in the phone's menu, a line of its own at least 44 px tall. */
export const besideTabsLinkClass = "link text-sm max-sm:inline-flex max-sm:min-h-11 max-sm:items-center max-sm:text-base";

/**
 * The pages reached beside the tabs that `role` may open, as links in the dashboard's header;
 * "Awaiting review (N)" says how many profile changes wait.
 */
export function BesideTabsLinks({ role, awaitingReview }: { role: StaffRole; awaitingReview: number }) {
  return besideTabsLinks
    .filter((link) => reaches(role, link.to))
    .map((link) => (
      <NavLink key={link.to} to={link.to} className={`${besideTabsLinkClass} aria-[current=page]:font-semibold`}>
        {link.to === "/admin/reviews" ? `${link.label} (${awaitingReview})` : link.label}
      </NavLink>
    ));
}
