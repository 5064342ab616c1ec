import { expect, test } from "vitest";
import { PasswordCheckQueue } from "./password-check-queue.server.ts";

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

test("at most `concurrency` checks run at once; the rest wait their turn in order", async () => {
  const queue = new PasswordCheckQueue({ concurrency: 2, reservedForKnown: 0, maxWaiting: 10, maxKnownWaiting: 0, perClient: 1 });
  const gates = Array.from({ length: 4 }, deferred);
  let running = 0;
  let most = 0;
  const order: Array<number> = [];
  const runs = gates.map((gate, index) =>
    queue.run(`client-${index}`, async () => {
      running++;
      most = Math.max(most, running);
      order.push(index);
      await gate.promise;
      running--;
      return index;
    }),
  );
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(order).toEqual([0, 1]);
  for (const gate of gates) gate.resolve();
  expect((await Promise.all(runs)).map((result) => result.ok && result.value)).toEqual([0, 1, 2, 3]);
  expect(most).toBe(2);
  expect(order).toEqual([0, 1, 2, 3]);
});

test("one client gets one check at a time; another client is not held behind its burst", async () => {
  const queue = new PasswordCheckQueue({ concurrency: 1, reservedForKnown: 0, maxWaiting: 10, maxKnownWaiting: 0, perClient: 1 });
  const gate = deferred();
  const first = queue.run("attacker", () => gate.promise.then(() => "checked"));
  const burst = await Promise.all(Array.from({ length: 80 }, () => queue.run("attacker", async () => "checked")));
  expect(burst.every((result) => !result.ok && result.refusal === "client-busy")).toBe(true);
  const other = queue.run("staff", async () => "checked");
  gate.resolve();
  expect(await first).toEqual({ ok: true, value: "checked" });
  expect(await other).toEqual({ ok: true, value: "checked" });
  // Once its check is done, the client may try again.
  expect(await queue.run("attacker", async () => "again")).toEqual({ ok: true, value: "again" });
});

test("past `maxWaiting` in line, a check is refused at once instead of queueing without end", async () => {
  const queue = new PasswordCheckQueue({ concurrency: 1, reservedForKnown: 0, maxWaiting: 2, maxKnownWaiting: 0, perClient: 1 });
  const gate = deferred();
  const running = queue.run("a", () => gate.promise);
  await new Promise((resolve) => setTimeout(resolve, 0));
  const waiting = [queue.run("b", async () => undefined), queue.run("c", async () => undefined)];
  expect(await queue.run("d", async () => undefined)).toEqual({ ok: false, refusal: "busy" });
  gate.resolve();
  await running;
  expect((await Promise.all(waiting)).every((result) => result.ok)).toBe(true);
});

test("a check that throws frees its client's place", async () => {
  const queue = new PasswordCheckQueue({ concurrency: 1, reservedForKnown: 0, maxWaiting: 2, maxKnownWaiting: 0, perClient: 1 });
  await expect(queue.run("a", () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
  expect(await queue.run("a", async () => 1)).toEqual({ ok: true, value: 1 });
});

test("a flood of strangers holds only the strangers' place: a known sign-in starts at once, and goes first in line", async () => {
  const queue = new PasswordCheckQueue({ concurrency: 2, reservedForKnown: 1, maxWaiting: 16, maxKnownWaiting: 8, perClient: 1 });
  const started: Array<string> = [];
  const gates = new Map<string, ReturnType<typeof deferred>>();
  const check = (name: string) => () => {
    started.push(name);
    const gate = deferred();
    gates.set(name, gate);
    return gate.promise.then(() => name);
  };
  const flood = Array.from({ length: 80 }, (_, index) => queue.run(`203.0.113.${index}`, check(`stranger-${index}`)));
  await new Promise((resolve) => setTimeout(resolve, 0));
  // One stranger runs; the other place is kept. Sixteen wait, the rest are refused at once.
  expect(started).toEqual(["stranger-0"]);
  const refused = (await Promise.all(flood.slice(17))).filter((result) => !result.ok);
  expect(refused).toHaveLength(63);

  const staff = queue.run(null, check("staff"));
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(started).toEqual(["stranger-0", "staff"]);
  const colleague = queue.run(null, check("colleague"));
  // The next place that frees goes to the known sign-in waiting, before sixteen strangers who came first.
  gates.get("stranger-0")!.resolve();
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(started).toEqual(["stranger-0", "staff", "colleague"]);
  gates.get("staff")!.resolve();
  gates.get("colleague")!.resolve();
  expect(await staff).toEqual({ ok: true, value: "staff" });
  expect(await colleague).toEqual({ ok: true, value: "colleague" });
  // Then the strangers, in the order they came, one at a time.
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(started.slice(3)).toEqual(["stranger-1"]);
  for (let index = 1; index <= 16; index++) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    gates.get(`stranger-${index}`)!.resolve();
  }
  expect((await Promise.all(flood.slice(0, 17))).every((result) => result.ok)).toBe(true);
  expect(started.slice(3)).toEqual(Array.from({ length: 16 }, (_, index) => `stranger-${index + 1}`));
});
