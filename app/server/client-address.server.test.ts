import { expect, test } from "vitest";
import { clientAddress, isLoopbackAddress } from "./client-address.server.ts";

test("without trusted proxies the socket address is the client, whatever X-Forwarded-For says", () => {
  expect(clientAddress("203.0.113.9", "10.0.0.1", 0)).toBe("203.0.113.9");
  expect(clientAddress(undefined, undefined, 0)).toBe("unknown");
});

test("behind one proxy the right-most entry is the client; entries the client wrote are ignored", () => {
  // The proxy appended 10.4.0.1 (who connected to it); the client forged the first entry.
  expect(clientAddress("127.0.0.1", "10.5.0.7, 10.4.0.1", 1)).toBe("10.4.0.1");
  expect(clientAddress("127.0.0.1", "10.4.0.1", 1)).toBe("10.4.0.1");
  // Several X-Forwarded-For headers count as one list, in order.
  expect(clientAddress("127.0.0.1", ["10.5.0.7", "10.4.0.1"], 1)).toBe("10.4.0.1");
});

test("behind two proxies the second entry from the right is the client", () => {
  expect(clientAddress("127.0.0.1", "6.6.6.6, 198.51.100.4, 10.0.0.2", 2)).toBe("198.51.100.4");
  // A shorter chain than configured: the leftmost entry a proxy wrote.
  expect(clientAddress("127.0.0.1", "198.51.100.4", 2)).toBe("198.51.100.4");
});

test("a missing or malformed entry falls back to the socket address", () => {
  expect(clientAddress("127.0.0.1", undefined, 1)).toBe("127.0.0.1");
  expect(clientAddress("127.0.0.1", "", 1)).toBe("127.0.0.1");
  expect(clientAddress("127.0.0.1", "10.0.0.1, not-an-address", 1)).toBe("127.0.0.1");
  expect(clientAddress("127.0.0.1", "2001:db8::1", 1)).toBe("2001:db8::1");
});

test("loopback addresses are this machine's", () => {
  for (const local of ["127.0.0.1", "127.3.4.5", "::1", "::ffff:127.0.0.1"]) expect(isLoopbackAddress(local)).toBe(true);
  for (const remote of ["10.0.0.1", "::ffff:10.0.0.1", "2001:db8::1", "unknown", "1270.0.0.1"])
    expect(isLoopbackAddress(remote)).toBe(false);
});
