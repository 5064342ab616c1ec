// Fetches a picture from an address staff typed, so it can be copied into the media library
// instead of being loaded by every visitor from another site (review F6). The server makes a
// request to a place a user chose: everything that could turn that into a request to this
// machine or its network (SSRF) is refused, after DNS, and the connection goes to the address
// that was checked (no second lookup a DNS server could answer differently).
import { type LookupAddress, lookup as dnsLookup } from "node:dns";
import { request as httpsRequest } from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";
import { maxUploadBytes } from "#app/media/media.ts";

/** Networks no copied picture may come from: this machine, private and shared networks, and reserved ranges. */
const refusedNetworks = (() => {
  const list = new BlockList();
  const v4: Array<[string, number]> = [
    ["0.0.0.0", 8], // "this network"
    ["10.0.0.0", 8], // private
    ["100.64.0.0", 10], // carrier-grade NAT
    ["127.0.0.0", 8], // loopback
    ["169.254.0.0", 16], // link-local (cloud metadata services live here)
    ["172.16.0.0", 12], // private
    ["192.0.0.0", 24], // IETF protocol assignments
    ["192.0.2.0", 24], // documentation
    ["192.88.99.0", 24], // 6to4 relay
    ["192.168.0.0", 16], // private
    ["198.18.0.0", 15], // benchmarking
    ["198.51.100.0", 24], // documentation
    ["203.0.113.0", 24], // documentation
    ["224.0.0.0", 4], // multicast
    ["240.0.0.0", 4], // reserved, and the broadcast address
  ];
  for (const [network, prefix] of v4) list.addSubnet(network, prefix, "ipv4");
  const v6: Array<[string, number]> = [
    // Unspecified (::), loopback (::1), and IPv4-compatible (::a.b.c.d, deprecated): a host or
    // gateway that still maps these would reach the IPv4 address inside.
    ["::", 96],
    ["::ffff:0:0:0", 96], // IPv4-translated (SIIT, ::ffff:0:a.b.c.d): the same through a translator
    ["64:ff9b::", 96], // NAT64: could reach any IPv4 address behind a gateway
    ["64:ff9b:1::", 48], // local NAT64
    ["100::", 64], // discard
    ["2001::", 23], // IETF protocol assignments (Teredo, 2001::/32, among them: it carries an IPv4 address)
    ["2001:db8::", 32], // documentation
    ["2002::", 16], // 6to4: the next 32 bits are an IPv4 address
    ["fc00::", 7], // unique local
    ["fe80::", 10], // link-local
    ["ff00::", 8], // multicast
  ];
  for (const [network, prefix] of v6) list.addSubnet(network, prefix, "ipv6");
  return list;
})();

/** Whether a picture may be fetched from this address (a public one). */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 6 && /^::ffff:/i.test(address)) {
    const v4 = address.slice(7);
    if (isIP(v4) === 4) return isPublicAddress(v4);
  }
  return !refusedNetworks.check(address, family === 6 ? "ipv6" : "ipv4");
}

export type RemoteImageOptions = {
  /** Resolves a host name (default: the system's resolver). Tests point names at a local server. */
  lookup?: (host: string) => Promise<Array<LookupAddress>>;
  /** Which resolved addresses may be connected to (default: public ones only). */
  allowAddress?: (address: string) => boolean;
  /** Certificates to trust besides the system's (tests: their own server's). */
  ca?: string | Buffer;
  /** This site's own host names: never fetched from, on any port or scheme. */
  ownHosts?: ReadonlyArray<string>;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
};

export type RemoteImage = { ok: true; bytes: Uint8Array; fileName: string } | { ok: false; reason: string };

const systemLookup = (host: string) =>
  new Promise<Array<LookupAddress>>((resolve, reject) =>
    dnsLookup(host, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))),
  );

class Refused extends Error {}

/** The last path segment of an address, for the stored name's extension. */
function fileNameOf(url: URL): string {
  return decodeURIComponent(url.pathname.split("/").pop() ?? "") || "image";
}

/**
 * Fetches the picture at `address` (https only, no credentials, not this site, a public address
 * after DNS; at most `maxRedirects` redirects, each checked the same way; `timeoutMs` for all of
 * it; at most `maxBytes`; an image content type). Never throws: a failure says why, in words
 * staff can act on.
 */
export async function fetchRemoteImage(address: string, options: RemoteImageOptions = {}): Promise<RemoteImage> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const deadline = AbortSignal.timeout(timeoutMs);
  try {
    let url = new URL(address);
    for (let redirects = 0; ; redirects++) {
      checkAddress(url, options);
      const answer = await get(url, options, deadline);
      if (answer.kind === "redirect") {
        if (redirects >= (options.maxRedirects ?? 3)) throw new Refused("the address sends us on to other addresses too many times.");
        url = new URL(answer.location, url);
        continue;
      }
      return { ok: true, bytes: answer.bytes, fileName: fileNameOf(url) };
    }
  } catch (error) {
    if (error instanceof Refused) return { ok: false, reason: error.message };
    if (deadline.aborted) return { ok: false, reason: `the site did not send the picture within ${timeoutMs / 1000} seconds.` };
    return { ok: false, reason: "the site could not be reached." };
  }
}

const privateNetworkReason = "the address leads to a private or local network, which the site never fetches from.";

function checkAddress(url: URL, options: RemoteImageOptions): void {
  if (url.protocol !== "https:") throw new Refused("only https:// addresses can be copied.");
  if (url.username || url.password) throw new Refused("the address carries a user name or password.");
  if ((options.ownHosts ?? []).includes(url.hostname)) throw new Refused("the address is this site's own.");
  // An address given as an IP is connected to without a lookup: it is checked here instead.
  const literal = url.hostname.replace(/^\[(.*)\]$/, "$1");
  if (isIP(literal) !== 0 && !(options.allowAddress ?? isPublicAddress)(literal)) throw new Refused(privateNetworkReason);
}

type Answer = { kind: "redirect"; location: string } | { kind: "image"; bytes: Uint8Array };

/** One GET, connected to the checked address of the URL's host. */
function get(url: URL, options: RemoteImageOptions, deadline: AbortSignal): Promise<Answer> {
  const resolve = options.lookup ?? systemLookup;
  const allow = options.allowAddress ?? isPublicAddress;
  const maxBytes = options.maxBytes ?? maxUploadBytes;
  // The connection asks this for the host's address: it is resolved here, checked, and given.
  const lookup: LookupFunction = (host, lookupOptions, callback) => {
    resolve(host)
      .then((addresses) => {
        const [first] = addresses;
        if (!first) throw new Refused("the site's name does not resolve to an address.");
        const refused = addresses.find((entry) => !allow(entry.address));
        if (refused) throw new Refused(privateNetworkReason);
        if ((lookupOptions as { all?: boolean }).all) callback(null, addresses);
        else callback(null, first.address, first.family);
      })
      .catch((error: Error) => callback(error as NodeJS.ErrnoException, ""));
  };
  return new Promise<Answer>((settle, fail) => {
    const request = httpsRequest(
      url,
      { method: "GET", lookup, ca: options.ca, signal: deadline, headers: { Accept: "image/*", "User-Agent": "practice-site image copy" } },
      (response) => {
        const status = response.statusCode ?? 0;
        const location = response.headers.location;
        if (status >= 300 && status < 400 && location) {
          response.resume();
          return settle({ kind: "redirect", location });
        }
        const type = response.headers["content-type"]?.split(";", 1)[0]?.trim().toLowerCase() ?? "";
        const refuse = (reason: string) => {
          response.destroy();
          fail(new Refused(reason));
        };
        if (status !== 200) return refuse(`the site answered with status ${status} instead of the picture.`);
        if (!type.startsWith("image/")) return refuse("the address is not a picture (the site sent something else).");
        if (Number(response.headers["content-length"]) > maxBytes) return refuse("the picture is larger than 15 MB.");
        const chunks: Array<Buffer> = [];
        let received = 0;
        response.on("data", (chunk: Buffer) => {
          received += chunk.byteLength;
          if (received > maxBytes) return refuse("the picture is larger than 15 MB.");
          chunks.push(chunk);
        });
        response.on("end", () => settle({ kind: "image", bytes: new Uint8Array(Buffer.concat(chunks)) }));
        response.on("error", fail);
      },
    );
    request.on("error", (error) => fail(error instanceof Refused ? error : (error.cause ?? error)));
    request.end();
  });
}
