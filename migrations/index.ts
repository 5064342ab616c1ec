import type { Migration } from "kysely/migration";
import * as init from "./0001-init.ts";

// A static list (not a folder scan) so the migrations bundle with the server build and run
// the same from server start, scripts and tests. Append new ones; never rename.
export const migrations: Record<string, Migration> = {
  "0001-init": init,
};
