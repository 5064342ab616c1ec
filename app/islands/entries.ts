/** Each island's entry module: the inputs of the islands build and what the server looks up. */
export const islandEntries = {
  contact: "app/islands/contact-island.ts",
  "header-menu": "app/islands/header-menu.ts",
  "sign-in": "app/islands/sign-in-island.ts",
} as const;

export type IslandName = keyof typeof islandEntries;
