import { createServer } from "node:net";
import { afterAll, beforeAll, expect, test } from "vitest";
import { phoneJpeg } from "#tests/fixtures/images.ts";
import { type PhotoSite, startPhotoSite } from "#tests/fixtures/photo-site.ts";
import { fetchRemoteImage, isPublicAddress } from "./remote-image.server.ts";

let site: PhotoSite;
beforeAll(async () => {
  site = await startPhotoSite(await phoneJpeg());
});
afterAll(() => site.stop());

test("only public addresses may be fetched from: this machine, private, shared and reserved networks are refused", () => {
  for (const refused of [
    "127.0.0.1",
    "127.8.9.10",
    "0.0.0.0",
    "10.0.0.1",
    "172.16.5.4",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "192.0.2.2",
    "198.18.0.1",
    "224.0.0.1",
    "255.255.255.255",
    "::",
    "::1",
    "fe80::1",
    "fc00::1",
    "fd12:3456::1",
    "::ffff:127.0.0.1",
    "::ffff:10.0.0.1",
    "64:ff9b::a00:1",
    "2001:db8::1",
    "2002:a00:1::1",
    "ff02::1",
    "not-an-address",
  ]) {
    expect(isPublicAddress(refused), refused).toBe(false);
  }
  for (const allowed of ["93.184.216.34", "8.8.8.8", "172.32.0.1", "2606:4700::1111", "::ffff:93.184.216.34"]) {
    expect(isPublicAddress(allowed), allowed).toBe(true);
  }
});

test("IPv6 forms that carry an IPv4 address of this machine or a private network are refused", () => {
  const cases: Array<[string, string]> = [
    ["::127.0.0.1", "IPv4-compatible (::/96), which the URL parser writes ::7f00:1"],
    ["::7f00:1", "IPv4-compatible (::/96)"],
    ["::10.0.0.1", "IPv4-compatible (::/96)"],
    ["::ffff:0:127.0.0.1", "IPv4-translated (::ffff:0:0:0/96, SIIT)"],
    ["::ffff:0:a00:1", "IPv4-translated (::ffff:0:0:0/96, SIIT)"],
    ["64:ff9b::7f00:1", "NAT64 (64:ff9b::/96)"],
    ["64:ff9b:1::7f00:1", "local NAT64 (64:ff9b:1::/48)"],
    ["2002:7f00:1::1", "6to4 (2002::/16) of 127.0.0.1"],
    ["2002:c0a8:101::1", "6to4 (2002::/16) of 192.168.1.1"],
    ["2001:0:4136:e378:8000:63bf:80ff:fffe", "Teredo (2001::/32), whose client part is 127.0.0.1"],
  ];
  for (const [address, form] of cases) expect(isPublicAddress(address), `${address}: ${form}`).toBe(false);
});

test("an IPv4-compatible IPv6 address of this machine is refused before anything connects", async () => {
  let connections = 0;
  // Listening on every address of both families: whatever the address leads to here, it would be counted.
  const listener = createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => listener.listen(0, "::", resolve));
  const { port } = listener.address() as { port: number };
  try {
    for (const address of [`https://[::127.0.0.1]:${port}/x.jpg`, `https://[::ffff:0:127.0.0.1]:${port}/x.jpg`]) {
      expect(await fetchRemoteImage(address, { timeoutMs: 2000 }), address).toEqual({
        ok: false,
        reason: "the address leads to a private or local network, which the site never fetches from.",
      });
    }
    expect(connections).toBe(0);
  } finally {
    await new Promise((resolve) => listener.close(resolve));
  }
});

test("with the real policy, this machine and its network are never fetched from, whatever the name", async () => {
  for (const address of [
    "https://127.0.0.1/photo.jpg",
    "https://localhost/photo.jpg",
    "https://[::1]/photo.jpg",
    "https://10.0.0.1/x.png",
  ]) {
    expect(await fetchRemoteImage(address, { timeoutMs: 2000 }), address).toEqual({
      ok: false,
      reason: "the address leads to a private or local network, which the site never fetches from.",
    });
  }
});

test("only https, no credentials, never the site itself", async () => {
  expect(await fetchRemoteImage("http://photos.example.org/a.jpg")).toMatchObject({
    ok: false,
    reason: "only https:// addresses can be copied.",
  });
  expect(await fetchRemoteImage("https://user:pw@tracker.example/p.gif")).toMatchObject({
    ok: false,
    reason: "the address carries a user name or password.",
  });
  expect(await fetchRemoteImage("https://www.example.com:8443/admin/logout", { ownHosts: ["www.example.com"] })).toMatchObject({
    ok: false,
    reason: "the address is this site's own.",
  });
});

test("a picture is fetched, through up to three redirects, each one checked again", async () => {
  const photo = await fetchRemoteImage(`${site.origin}/photo.jpg`, site.options);
  expect(photo).toMatchObject({ ok: true, fileName: "photo.jpg" });
  expect(photo.ok && photo.bytes.byteLength).toBe((await phoneJpeg()).byteLength);
  expect(await fetchRemoteImage(`${site.origin}/hop/2`, site.options)).toMatchObject({ ok: true });
  expect(await fetchRemoteImage(`${site.origin}/hop/3`, site.options)).toMatchObject({
    ok: false,
    reason: "the address sends us on to other addresses too many times.",
  });
  expect(await fetchRemoteImage(`${site.origin}/to-private`, site.options)).toMatchObject({
    ok: false,
    reason: "the address leads to a private or local network, which the site never fetches from.",
  });
});

test("what is not a picture, too large or too slow is refused with its reason", async () => {
  expect(await fetchRemoteImage(`${site.origin}/page.html`, site.options)).toMatchObject({
    ok: false,
    reason: "the address is not a picture (the site sent something else).",
  });
  expect(await fetchRemoteImage(`${site.origin}/missing.jpg`, site.options)).toMatchObject({
    ok: false,
    reason: "the site answered with status 404 instead of the picture.",
  });
  expect(await fetchRemoteImage(`${site.origin}/huge.jpg`, site.options)).toMatchObject({
    ok: false,
    reason: "the picture is larger than 15 MB.",
  });
  // The site sends a little and then nothing: only the limit ends the wait, and its reason names it.
  expect(await fetchRemoteImage(`${site.origin}/slow.jpg`, { ...site.options, timeoutMs: 2000 })).toMatchObject({
    ok: false,
    reason: "the site did not send the picture within 2 seconds.",
  });
  // A certificate nobody vouches for is not trusted.
  expect(await fetchRemoteImage(`${site.origin}/photo.jpg`, { ...site.options, ca: undefined })).toMatchObject({
    ok: false,
    reason: "the site could not be reached.",
  });
});
