import { type Config, parseConfig } from "#app/server/config.server.ts";
import { testEnvironment } from "./test-environment.ts";

/**
 * The configuration these variables give on top of the test run's own (test-environment.ts):
 * inquiries are sealed with the process's key in memory, not one written to a key file beside
 * the default database, in the checkout's data/; and password hashes are cheap unless
 * PASSWORD_HASH_COST says otherwise. parseConfig alone would give a production server's.
 */
export function testConfigWith(variables: Record<string, string> = {}): Config {
  return parseConfig({ ...testEnvironment, ...variables });
}
