import { type ReactNode, useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { MenuIcon } from "#app/components/site/icons.tsx";

const adminMenuId = "admin-menu";

/**
 * The header's links, welcome line and Logout. On a phone they fold into one "Menu" (an HTML
 * popover: it opens and closes by touch, mouse and keyboard without script), so the first
 * screen shows the tab's first field; from 640 px up the popover's box gives way to its
 * children, which take their places in the header's grid as the specification's header (the
 * admin-header rules of app.css).
 */
export function AdminMenu({ children }: { children: ReactNode }) {
  const menu = useRef<HTMLDivElement>(null);
  const { pathname, search } = useLocation();
  const address = `${pathname}${search}`;
  const shownAt = useRef(address);
  // A link in it moves on within the page's app: the menu closes behind it. Hydration is no
  // move: a menu opened before the page's script ran (it works without script) stays open.
  useEffect(() => {
    if (address === shownAt.current) return;
    shownAt.current = address;
    if (menu.current?.matches(":popover-open")) menu.current.hidePopover();
  }, [address]);
  return (
    <>
      <button type="button" popoverTarget={adminMenuId} className="admin-menu-button btn-quiet">
        <MenuIcon className="size-5" />
        Menu
      </button>
      <div ref={menu} id={adminMenuId} popover="auto" className="admin-menu">
        {children}
      </div>
    </>
  );
}
