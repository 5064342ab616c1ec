import pLimit from "p-limit";

/** Why a password check was not run: too many waiting overall, or already one for this client. */
export type QueueRefusal = "busy" | "client-busy";

/**
 * Bounds the password hashing done at once. scrypt takes ~0.3 s of a libuv thread and 32 MiB;
 * unbounded, a burst of sign-ins fills the thread pool and everyone's sign-in waits seconds.
 * Here at most `concurrency` checks run, at most `maxWaiting` wait in line (more are refused at
 * once), and one client address has at most `perClient` checks running or waiting.
 */
export class PasswordCheckQueue {
  readonly #limit: ReturnType<typeof pLimit>;
  readonly #maxWaiting: number;
  readonly #perClient: number;
  readonly #byClient = new Map<string, number>();

  constructor(options: { concurrency: number; maxWaiting: number; perClient: number }) {
    this.#limit = pLimit(options.concurrency);
    this.#maxWaiting = options.maxWaiting;
    this.#perClient = options.perClient;
  }

  /** Runs `check` in turn, or answers at once with the reason it was refused. */
  async run<T>(client: string, check: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; refusal: QueueRefusal }> {
    const running = this.#byClient.get(client) ?? 0;
    if (running >= this.#perClient) return { ok: false, refusal: "client-busy" };
    if (this.#limit.pendingCount >= this.#maxWaiting) return { ok: false, refusal: "busy" };
    this.#byClient.set(client, running + 1);
    try {
      return { ok: true, value: await this.#limit(check) };
    } finally {
      const left = (this.#byClient.get(client) ?? 1) - 1;
      if (left === 0) this.#byClient.delete(client);
      else this.#byClient.set(client, left);
    }
  }
}
