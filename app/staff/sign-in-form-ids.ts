/** Where the sign-in form island's markup and its server-rendered props live in the page. */
export const signInIslandIds = { root: "sign-in-island", props: "sign-in-props" } as const;
