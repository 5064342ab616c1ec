// Arrow keys for the header's Services menu, loaded by every public page as a deferred module.
// The menu works without this file: its button opens and closes the popover (Enter, Space,
// click), Escape closes it and focus returns to the button. This adds ArrowDown / ArrowUp on
// the button (open on the first / last service), ArrowDown, ArrowUp, Home and End between the
// twelve links, and closes the panel once focus has moved on past it.
const button = document.querySelector<HTMLElement>("[popovertarget=services-menu]");
const panel = document.getElementById("services-menu");

if (button && panel) {
  const isOpen = () => panel.matches(":popover-open");
  const focusLink = (index: (current: number) => number) => {
    const links = [...panel.querySelectorAll("a")];
    links.at(index(links.indexOf(document.activeElement as HTMLAnchorElement)) % links.length)?.focus();
  };
  const moves: Record<string, (current: number) => number> = {
    ArrowDown: (current) => current + 1,
    ArrowUp: (current) => current - 1,
    Home: () => 0,
    End: () => -1,
  };

  button.addEventListener("keydown", (event) => {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    event.preventDefault();
    if (!isOpen()) panel.showPopover();
    focusLink(event.key === "ArrowDown" ? () => 0 : () => -1);
  });

  panel.addEventListener("keydown", (event) => {
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    focusLink(move);
  });

  document.addEventListener("focusin", (event) => {
    const target = event.target as Node;
    if (isOpen() && target !== button && !panel.contains(target)) panel.hidePopover();
  });
}
