/** Where the contact form island's markup and its server-rendered props live in the page. */
export const contactIslandIds = { root: "contact-form-island", props: "contact-form-props" } as const;
