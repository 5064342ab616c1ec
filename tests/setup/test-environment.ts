/**
 * The variables every Vitest run sets (vitest.config.ts), and `testConfigWith` builds on: the
 * test mode (one sealing key in memory, no key file) and password hashes in about a millisecond
 * instead of 0.3 s, as the suite signs in hundreds of times.
 */
export const testEnvironment = { NODE_ENV: "test", PASSWORD_HASH_COST: "test" } as const;
