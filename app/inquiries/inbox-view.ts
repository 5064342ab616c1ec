/**
 * What the inbox can show, shared by its page and its queries (inquiry-store.server.ts).
 */

/** Which of the inbox's lists: the inquiries, the messages kept as possible spam, or the archived ones. */
export type InquiryList = "inbox" | "possible-spam" | "archived";

/** Within a list: every inquiry, only the New (unread) ones, or only the Read ones. */
export type InquiryShow = "all" | "new" | "read";

/** The most a search may be: a name, an address or a phone number. */
export const maxInquirySearchLength = 100;
