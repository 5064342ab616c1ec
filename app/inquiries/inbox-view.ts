/**
 * What the inbox can show, shared by its page and its queries (inquiry-store.server.ts).
 */

/** Which of the inbox's lists: the inquiries, the messages kept as possible spam, or the archived ones. */
export type InquiryList = "inbox" | "possible-spam" | "archived";

/** Within a list: every inquiry, only the New (unread) ones, or only the Read ones. */
export type InquiryShow = "all" | "new" | "read";

/** The most a search may be: a name, an address or a phone number. */
export const maxInquirySearchLength = 100;

/**
 * The most a count in the admin states exactly (the tab's New, the Possible spam list's): a count
 * reads one index entry per inquiry it counts, so it stops one past this and says "999+"
 * (counting 100,000 unread ones took 4-5 ms on every admin request; decision 022).
 */
export const countShownUpTo = 999;

/** A count as the admin shows it: exact up to countShownUpTo, "999+" above. */
export function countText(count: number): string {
  return count > countShownUpTo ? `${countShownUpTo}+` : String(count);
}

/** "1 inquiry", "3 inquiries". */
export function inquiryCount(count: number): string {
  return count === 1 ? "1 inquiry" : `${count} inquiries`;
}
