/** Why a password check was not run: too many waiting in its line, or already one for this client. */
export type QueueRefusal = "busy" | "client-busy";

export type PasswordCheckQueueOptions = {
  /** Checks running at once. */
  concurrency: number;
  /** Of those, how many only known sign-ins may use (so a flood of strangers never holds them all). */
  reservedForKnown: number;
  /** Strangers waiting in line at most; one more is refused at once. */
  maxWaiting: number;
  /** Known sign-ins waiting in line at most. */
  maxKnownWaiting: number;
  /** Checks one stranger's client address may have running or waiting. */
  perClient: number;
};

type Waiter = { client: string | null; start: () => void };

/**
 * Bounds the password hashing done at once. scrypt takes ~0.3 s of a libuv thread and 32 MiB;
 * unbounded, a burst of sign-ins fills the thread pool and everyone's sign-in waits seconds.
 *
 * Sign-ins come in two lines, each served in order of arrival. A known sign-in (a browser that
 * signed in to the account before, or the account's usual address: facts an attacker elsewhere
 * cannot forge) is served first, and part of the capacity is kept for it: a flood of strangers
 * from many addresses fills only its own line, and staff still get in within one check or two.
 * Strangers share the rest, one check per client address at a time.
 */
export class PasswordCheckQueue {
  readonly #options: PasswordCheckQueueOptions;
  readonly #known: Array<Waiter> = [];
  readonly #strangers: Array<Waiter> = [];
  readonly #byClient = new Map<string, number>();
  #running = 0;
  #strangersRunning = 0;

  constructor(options: PasswordCheckQueueOptions) {
    this.#options = options;
  }

  /** Runs `check` in turn, or answers at once with the reason it was refused. `client` is null for a known sign-in. */
  async run<T>(client: string | null, check: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; refusal: QueueRefusal }> {
    const options = this.#options;
    if (client !== null && (this.#byClient.get(client) ?? 0) >= options.perClient) return { ok: false, refusal: "client-busy" };
    const line = client === null ? this.#known : this.#strangers;
    const canStart = client === null ? this.#knownCanStart() : this.#strangerCanStart();
    if (!canStart && line.length >= (client === null ? options.maxKnownWaiting : options.maxWaiting)) return { ok: false, refusal: "busy" };

    if (client !== null) this.#byClient.set(client, (this.#byClient.get(client) ?? 0) + 1);
    try {
      if (canStart) this.#begin(client);
      else await new Promise<void>((start) => line.push({ client, start }));
      try {
        return { ok: true, value: await check() };
      } finally {
        this.#end(client);
      }
    } finally {
      if (client !== null) {
        const left = (this.#byClient.get(client) ?? 1) - 1;
        if (left === 0) this.#byClient.delete(client);
        else this.#byClient.set(client, left);
      }
    }
  }

  #knownCanStart(): boolean {
    return this.#running < this.#options.concurrency;
  }

  #strangerCanStart(): boolean {
    const { concurrency, reservedForKnown } = this.#options;
    return this.#known.length === 0 && this.#running < concurrency && this.#strangersRunning < concurrency - reservedForKnown;
  }

  #begin(client: string | null): void {
    this.#running += 1;
    if (client !== null) this.#strangersRunning += 1;
  }

  #end(client: string | null): void {
    this.#running -= 1;
    if (client !== null) this.#strangersRunning -= 1;
    // The next in line: a known sign-in first, then the oldest stranger if a stranger's place is free.
    const next = this.#known.length > 0 ? this.#known.shift() : this.#strangerCanStart() ? this.#strangers.shift() : undefined;
    if (!next) return;
    this.#begin(next.client);
    next.start();
  }
}
