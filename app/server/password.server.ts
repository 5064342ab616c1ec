import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { type Config, getConfig } from "./config.server.ts";

type ScryptParams = { N: number; r: number; p: number };

// scrypt is memory-hard, so guessing on GPUs is costly. N=2^15, r=8, p=3 is one of OWASP's
// equivalent settings (32 MiB, about 0.3 s here). The parameters travel inside each hash, so
// they can be raised later without breaking stored passwords. The test suite alone
// (PASSWORD_HASH_COST=test, refused unless NODE_ENV=test) hashes with 1 MiB in about a
// millisecond; such a hash still verifies by the parameters it carries.
const paramsByCost: Record<Config["passwordHashCost"], ScryptParams> = {
  standard: { N: 2 ** 15, r: 8, p: 3 },
  test: { N: 2 ** 10, r: 8, p: 1 },
};
const keyLength = 64;
const saltLength = 16;
// A stored hash is data: refuse parameters that would let a bad row exhaust memory.
const maxN = 2 ** 20;

function deriveKey(password: string, salt: Buffer, options: ScryptParams): Promise<Buffer> {
  const scryptOptions: ScryptOptions = { ...options, maxmem: 256 * options.N * options.r };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, keyLength, scryptOptions, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** A new hash of `password` with a fresh random salt: `scrypt$N$r$p$salt$key` (base64). */
export async function hashPassword(password: string): Promise<string> {
  const params = paramsByCost[getConfig().passwordHashCost];
  const salt = randomBytes(saltLength);
  const key = await deriveKey(password, salt, params);
  return ["scrypt", params.N, params.r, params.p, salt.toString("base64"), key.toString("base64")].join("$");
}

/** Whether `password` matches `stored`; a malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !key) return false;
  const options = { N: Number(n), r: Number(r), p: Number(p) };
  const valid = [options.N, options.r, options.p].every((value) => Number.isInteger(value) && value > 0);
  if (!valid || options.N > maxN || options.r * options.p > 64) return false;
  const expected = Buffer.from(key, "base64");
  const actual = await deriveKey(password, Buffer.from(salt, "base64"), options);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

// One per cost, so that the dummy check costs what a real account's check costs.
const dummyHashes = new Map<Config["passwordHashCost"], Promise<string>>();

/**
 * Spends the same time as checking a real account, for sign-ins to an unknown e-mail, so the
 * response time does not tell whether an account exists.
 */
export async function verifyAgainstDummyHash(password: string): Promise<false> {
  const cost = getConfig().passwordHashCost;
  let dummyHash = dummyHashes.get(cost);
  if (!dummyHash) {
    dummyHash = hashPassword(randomBytes(16).toString("base64"));
    dummyHashes.set(cost, dummyHash);
  }
  await verifyPassword(password, await dummyHash);
  return false;
}
