/** Where the contact form island's markup and its server-rendered props live in the page. */
export const contactIslandIds = { root: "contact-form-island", props: "contact-form-props" } as const;

/**
 * The stylesheet the contact page links, whose answer sets the form's signed token in a cookie
 * (docs/decisions/002): the page stays the same bytes for every visitor, and works without script.
 */
export const contactFormTokenPath = "/contact/form-token.css";
