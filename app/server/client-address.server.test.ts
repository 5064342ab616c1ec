import { expect, test } from "vitest";
import { addressKey, isLoopbackAddress, requestClient, TrustedProxies } from "./client-address.server.ts";

const noProxy = new TrustedProxies([]);
const loopbackProxy = new TrustedProxies(["127.0.0.0/8", "::1"]);
const nginxAt = (address: string) => new TrustedProxies([address]);

test("without a trusted proxy the socket is the client, whatever the headers say", () => {
  expect(requestClient("203.0.113.9", { "x-forwarded-for": "10.0.0.1" }, noProxy)).toEqual({
    address: "203.0.113.9",
    https: false,
    viaTrustedProxy: false,
    unbelievedForwarding: true,
  });
  expect(requestClient(undefined, {}, noProxy)).toMatchObject({ address: "unknown" });
  // A same-host proxy that is not trusted: every visitor arrives from loopback (review F2), and
  // without headers nothing tells them apart (G1): loopback proves nothing about who sent it.
  expect(requestClient("127.0.0.1", {}, noProxy)).toEqual({
    address: "127.0.0.1",
    https: false,
    viaTrustedProxy: false,
    unbelievedForwarding: false,
  });
  for (const header of ["x-forwarded-for", "forwarded", "x-real-ip", "via"]) {
    expect(requestClient("127.0.0.1", { [header]: "192.0.2.2" }, noProxy), header).toMatchObject({
      address: "127.0.0.1",
      unbelievedForwarding: true,
    });
  }
  expect(requestClient("::ffff:127.0.0.1", { via: "1.1 nginx" }, noProxy)).toMatchObject({ address: "127.0.0.1" });
});

test("forwarding headers are believed only from a trusted proxy's address (review F8)", () => {
  const proxy = nginxAt("127.0.0.1");
  // Straight to the Node port from elsewhere, forging the header: ignored.
  expect(requestClient("192.0.2.2", { "x-forwarded-for": "127.0.0.1", "x-forwarded-proto": "https" }, proxy)).toMatchObject({
    address: "192.0.2.2",
    https: false,
    viaTrustedProxy: false,
  });
  // Another loopback address is not the proxy when TRUST_PROXY names 127.0.0.1 exactly.
  expect(requestClient("127.0.0.2", { "x-forwarded-for": "127.0.0.1" }, proxy)).toMatchObject({ address: "127.0.0.2" });
  // Through the proxy: the address it appended.
  expect(requestClient("127.0.0.1", { "x-forwarded-for": "198.51.100.7", "x-forwarded-proto": "https" }, proxy)).toMatchObject({
    address: "198.51.100.7",
    https: true,
    viaTrustedProxy: true,
  });
});

test("behind trusted proxies the client is the rightmost X-Forwarded-For entry that is not a trusted proxy", () => {
  const proxies = new TrustedProxies(["127.0.0.1", "10.0.0.0/8"]);
  // The client forged the first entry; the proxy appended who connected to it.
  expect(requestClient("127.0.0.1", { "x-forwarded-for": "127.0.0.1, 203.0.113.5" }, proxies)).toMatchObject({
    address: "203.0.113.5",
  });
  // Two proxies (a load balancer at 10.0.0.2 in front of nginx): the one the balancer saw.
  expect(requestClient("127.0.0.1", { "x-forwarded-for": "6.6.6.6, 198.51.100.4, 10.0.0.2" }, proxies)).toMatchObject({
    address: "198.51.100.4",
  });
  expect(requestClient("127.0.0.1", { "x-forwarded-for": ["10.5.0.7", "198.51.100.4"] }, proxies).address).toBe("198.51.100.4");
  // A malformed entry stops the walk; nothing left of it is believed.
  expect(requestClient("127.0.0.1", { "x-forwarded-for": "198.51.100.4, not-an-address" }, proxies).address).toBe("127.0.0.1");
  // A visitor on this machine going through the proxy has its loopback address.
  expect(requestClient("127.0.0.1", { "x-forwarded-for": "127.0.0.1" }, loopbackProxy)).toMatchObject({ address: "127.0.0.1" });
  // The proxy's own requests (no header) come from it.
  expect(requestClient("127.0.0.1", {}, loopbackProxy)).toMatchObject({ address: "127.0.0.1", https: false });
  expect(requestClient("::1", { "x-forwarded-for": "2001:db8::1" }, loopbackProxy).address).toBe("2001:db8::1");
});

test("https is what the trusted proxy wrote last in X-Forwarded-Proto", () => {
  expect(requestClient("127.0.0.1", { "x-forwarded-proto": "http, https" }, loopbackProxy).https).toBe(true);
  expect(requestClient("127.0.0.1", { "x-forwarded-proto": "https, http" }, loopbackProxy).https).toBe(false);
  expect(requestClient("127.0.0.1", {}, loopbackProxy).https).toBe(false);
});

test("loopback addresses are this machine's", () => {
  for (const local of ["127.0.0.1", "127.3.4.5", "::1", "::ffff:127.0.0.1"]) expect(isLoopbackAddress(local)).toBe(true);
  for (const remote of ["10.0.0.1", "::ffff:10.0.0.1", "2001:db8::1", "unknown", "1270.0.0.1"])
    expect(isLoopbackAddress(remote)).toBe(false);
});

test("limits count an IPv6 address by its /64, and an IPv4 address (mapped or not) by itself (review F4)", () => {
  expect(addressKey("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
  expect(addressKey("2001:db8:1:2::1e")).toBe("2001:db8:1:2::/64");
  expect(addressKey("2001:0db8:0001:0002:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
  expect(addressKey("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
  expect(addressKey("2001:db8::")).toBe("2001:db8:0:0::/64");
  expect(addressKey("::1")).toBe("0:0:0:0::/64");
  expect(addressKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
  expect(addressKey("64:ff9b::192.0.2.33")).toBe("64:ff9b:0:0::/64");
  expect(addressKey("192.0.2.7")).toBe("192.0.2.7");
  expect(addressKey("::ffff:192.0.2.7")).toBe("192.0.2.7");
  expect(addressKey("unknown")).toBe("unknown");
});

test("what a socket's address says is the same when it is kept, and past the thousand kept", () => {
  const proxies = new TrustedProxies(["10.0.0.0/8"]);
  const proxied = { "x-forwarded-for": "198.51.100.4" };
  for (let round = 0; round < 2; round++) {
    expect(requestClient("::ffff:10.1.2.3", proxied, proxies)).toMatchObject({ address: "198.51.100.4", viaTrustedProxy: true });
    expect(requestClient("::ffff:127.0.0.1", {}, proxies)).toMatchObject({ address: "127.0.0.1", viaTrustedProxy: false });
    for (let index = 0; index < 1200; index++) expect(proxies.peer(`192.0.${index >> 8}.${index & 255}`).trusted).toBe(false);
  }
  expect(proxies.peer(undefined)).toEqual({ address: "unknown", trusted: false });
});
