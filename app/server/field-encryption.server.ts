import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  createSecretKey,
  hkdfSync,
  type KeyObject,
  randomBytes,
} from "node:crypto";
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { type Config, ConfigError, getConfig, parseEncryptionKey } from "./config.server.ts";
import { log } from "./log.server.ts";

/**
 * What a visitor wrote is stored sealed (AES-256-GCM, node:crypto), so a stolen database file or
 * backup does not reveal it: each value is `sealed:1:<key id>:<iv, ciphertext and tag>`, bound to
 * its row and column (the additional data), so a sealed value copied to another row or field does
 * not open. The key comes from ENCRYPTION_KEY; older keys in ENCRYPTION_PREVIOUS_KEYS still open
 * what they sealed until it is sealed again with the current one (sealStoredInquiries). Without
 * ENCRYPTION_KEY, the embedded mode keeps a key in `encryption.key` beside the SQLite file, made
 * on first use. Searches use keyed hashes of words (searchTokens), never the words.
 * See docs/decisions/036-encryption-at-rest.md.
 */

// KeyObjects, made once: given a Buffer, each cipher first checks whether it is a KeyObject, which
// took three quarters of an open (15.7 µs against 3.7 µs with a KeyObject, Node 24).
export type SealingKey = { id: string; sealing: KeyObject; search: KeyObject; backupCheck: KeyObject };
export type Keyring = { current: SealingKey; byId: Map<string, SealingKey> };

const marker = "sealed:1:";
const ivBytes = 12;
const tagBytes = 16;

/** A raw 32-byte key's uses, derived apart (HKDF), and the id its sealed values and backup checks name. */
function sealingKeyOf(raw: Buffer): SealingKey {
  const derived = (label: string) => createSecretKey(Buffer.from(hkdfSync("sha256", raw, Buffer.alloc(0), label, 32)));
  return {
    id: createHash("sha256").update(raw).digest("base64url").slice(0, 8),
    sealing: derived("inquiry fields"),
    search: derived("inquiry search tokens"),
    // The HMAC beside each backup (backup-check.server.ts, docs/decisions/025-backups.md).
    backupCheck: derived("backup check"),
  };
}

/** The key file of the embedded mode, beside its SQLite file; made once, readable by its owner only. */
function keyFromFile(file: string): Buffer {
  try {
    const key = parseEncryptionKey(readFileSync(file, "utf8"));
    if (!key) throw new ConfigError(`${file} does not hold a 32-byte key in base64.`);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  mkdirSync(dirname(file), { recursive: true });
  // Written whole under another name, then linked into place: two processes starting at once
  // both end up with whichever key was linked first, never half a file.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  writeFileSync(draft, `${randomBytes(32).toString("base64")}\n`, { mode: 0o600 });
  try {
    linkSync(draft, file);
    log.warn(
      `Made a new encryption key in ${file} (no ENCRYPTION_KEY is set). Keep a copy apart from the backups: without it the inquiries cannot be read.`,
    );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    rmSync(draft, { force: true });
  }
  return keyFromFile(file);
}

/** What of the configuration says where the keys come from. */
export type KeyConfig = Pick<Config, "encryptionKey" | "encryptionPreviousKeys" | "database" | "nodeEnv">;

/** Where the current key comes from, for a configuration. */
function keySourceOf(config: KeyConfig): { key: Buffer } | { file: string } | { memory: true } {
  if (config.encryptionKey) return { key: config.encryptionKey };
  // The test suite's databases, or one in memory: one key for the process.
  if (config.nodeEnv === "test" || (config.database.dialect === "sqlite" && config.database.file === ":memory:")) return { memory: true };
  if (config.database.dialect === "postgres") {
    throw new ConfigError(
      "ENCRYPTION_KEY must be set with PostgreSQL, the same on every instance (make one with: openssl rand -base64 32). Keep a copy apart from the backups: without it the inquiries cannot be read.",
    );
  }
  return { file: join(dirname(config.database.file), "encryption.key") };
}

// The key read from each key file, and the in-memory key, made once per process: a new
// configuration object (tests replace theirs) finds the same key.
const fileKeys = new Map<string, Buffer>();
let memoryKey: Buffer | undefined;
// Asked for on every field read: answered from the configuration object after the first time.
const keyringOfConfig = new WeakMap<KeyConfig, Keyring>();

/** The keys of this process's configuration: the current one seals, each opens what it sealed. */
export function getKeyring(config: KeyConfig = getConfig()): Keyring {
  const known = keyringOfConfig.get(config);
  if (known) return known;
  const keyring = keyringFor(config);
  keyringOfConfig.set(config, keyring);
  return keyring;
}

/**
 * The keys, as getKeyring has them, but never a new key file: null when the embedded mode's
 * `encryption.key` is not there (keyFileOf says where it is looked for).
 */
export function existingKeyring(config: KeyConfig): Keyring | null {
  const source = keySourceOf(config);
  if ("file" in source && !fileKeys.has(source.file) && !existsSync(source.file)) return null;
  return getKeyring(config);
}

/** The embedded mode's key file for a configuration; null when the key is ENCRYPTION_KEY (or the tests' in memory). */
export function keyFileOf(config: KeyConfig): string | null {
  const source = keySourceOf(config);
  return "file" in source ? source.file : null;
}

function rawKeyOf(config: KeyConfig): Buffer {
  const source = keySourceOf(config);
  if ("key" in source) return source.key;
  if ("memory" in source) {
    memoryKey ??= randomBytes(32);
    return memoryKey;
  }
  let key = fileKeys.get(source.file);
  if (!key) {
    key = keyFromFile(source.file);
    fileKeys.set(source.file, key);
  }
  return key;
}

function keyringFor(config: KeyConfig): Keyring {
  const current = sealingKeyOf(rawKeyOf(config));
  const byId = new Map([...config.encryptionPreviousKeys.map(sealingKeyOf), current].map((key) => [key.id, key]));
  return { current, byId };
}

/** `plain` sealed with the current key, for the place `where` names (its table, column and row). */
export function seal(keyring: Keyring, plain: string, where: string): string {
  const iv = randomBytes(ivBytes);
  const cipher = createCipheriv("aes-256-gcm", keyring.current.sealing, iv);
  cipher.setAAD(Buffer.from(where));
  const sealed = Buffer.concat([iv, cipher.update(plain, "utf8"), cipher.final(), cipher.getAuthTag()]);
  return `${marker}${keyring.current.id}:${sealed.toString("base64url")}`;
}

export class UnreadableFieldError extends Error {
  override name = "UnreadableFieldError";
}

/**
 * What `stored` holds. A value stored before sealing began is returned as it is (the server seals
 * those when it starts); one sealed with a key not configured, or changed, throws.
 */
export function open(keyring: Keyring, stored: string, where: string): string {
  if (!stored.startsWith(marker)) return stored;
  const [keyId = "", data = ""] = stored.slice(marker.length).split(":");
  const key = keyring.byId.get(keyId);
  if (!key) {
    throw new UnreadableFieldError(`${where} is sealed with key ${keyId}, which is not configured: add it to ENCRYPTION_PREVIOUS_KEYS.`);
  }
  const bytes = Buffer.from(data, "base64url");
  try {
    const decipher = createDecipheriv("aes-256-gcm", key.sealing, bytes.subarray(0, ivBytes));
    decipher.setAAD(Buffer.from(where));
    decipher.setAuthTag(bytes.subarray(bytes.length - tagBytes));
    return Buffer.concat([decipher.update(bytes.subarray(ivBytes, bytes.length - tagBytes)), decipher.final()]).toString("utf8");
  } catch {
    throw new UnreadableFieldError(`${where} does not open with key ${keyId}: it was changed or belongs elsewhere.`);
  }
}

/** Like `open` for a column that may be empty. */
export function openOptional(keyring: Keyring, stored: string | null, where: string): string | null {
  return stored === null ? null : open(keyring, stored, where);
}

/** Whether `stored` is sealed with the keyring's current key (sealStoredInquiries leaves those alone). */
export function isSealedWithCurrent(keyring: Keyring, stored: string): boolean {
  return stored.startsWith(`${marker}${keyring.current.id}:`);
}

/** The LIKE pattern of values sealed with the current key. */
export function sealedWithCurrentPattern(keyring: Keyring): string {
  return `${marker}${keyring.current.id}:%`;
}

/** A word's token: a keyed hash (66 bits), the same for the same word under the same key. */
export function searchToken(keyring: Keyring, word: string): string {
  return createHmac("sha256", keyring.current.search).update(word).digest("base64url").slice(0, 11);
}
