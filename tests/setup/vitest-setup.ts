// Before each test file (Vitest's setupFiles): no test reaches the configured database by chance.
import { replaceDatabase } from "#app/server/db/db.server.ts";
import { noDatabase } from "./no-database.ts";

replaceDatabase(noDatabase);
