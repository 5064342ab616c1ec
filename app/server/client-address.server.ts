import type { IncomingHttpHeaders } from "node:http";
import { BlockList, isIP } from "node:net";

/** Headers by which a proxy says it forwarded a request (and a client may pretend one did). */
const forwardingHeaders = ["x-forwarded-for", "forwarded", "x-real-ip", "via"] as const;

/** An address as the socket reports it, IPv4 mapped into IPv6 (`::ffff:10.0.0.1`) read as IPv4. */
function plainAddress(address: string): string {
  const v4 = address.toLowerCase().startsWith("::ffff:") ? address.slice(7) : address;
  return isIP(v4) === 4 ? v4 : address;
}

/** What a connection's own address says, the same for every request it carries. */
type Peer = { address: string; trusted: boolean };

const maxPeers = 1000;

/**
 * The reverse proxies named by TRUST_PROXY (addresses or CIDR networks). What they make of a
 * socket's address is kept for the last thousand addresses: a keep-alive connection asks once
 * per request, and the lookup cost a tenth of what sending a cached page does.
 */
export class TrustedProxies {
  readonly #list = new BlockList();
  readonly #peers = new Map<string, Peer>();

  constructor(entries: ReadonlyArray<string>) {
    for (const entry of entries) {
      const [address = "", prefix] = entry.split("/");
      const family = isIP(address) === 6 ? "ipv6" : "ipv4";
      if (prefix === undefined) this.#list.addAddress(address, family);
      else this.#list.addSubnet(address, Number(prefix), family);
    }
  }

  /** Whether `address` is one of the proxies (false for anything not an IP address). */
  includes(address: string): boolean {
    const family = isIP(address);
    return family !== 0 && this.#list.check(address, family === 6 ? "ipv6" : "ipv4");
  }

  /** The peer a socket reports (`undefined` once it has closed): its address read as IPv4 where it is one. */
  peer(socketAddress: string | undefined): Peer {
    const key = socketAddress ?? "";
    let peer = this.#peers.get(key);
    if (!peer) {
      const address = socketAddress ? plainAddress(socketAddress) : "unknown";
      peer = { address, trusted: this.includes(address) };
      if (this.#peers.size >= maxPeers) this.#peers.clear();
      this.#peers.set(key, peer);
    }
    return peer;
  }
}

function headerValues(value: string | Array<string> | undefined): Array<string> {
  return [value ?? []]
    .flat()
    .join(",")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
}

export type RequestClient = {
  /** The client's address: the socket's, or behind a trusted proxy the one it says it served. */
  address: string;
  /** A trusted proxy says the client came over https. */
  https: boolean;
  /** The request came from a trusted proxy, so its forwarding headers were believed. */
  viaTrustedProxy: boolean;
  /** It carried forwarding headers that were not believed (no proxy, or not from one trusted). */
  unbelievedForwarding: boolean;
};

/**
 * Who sent a request. Forwarding headers are believed only from a peer in `proxies`: the client
 * is then the rightmost X-Forwarded-For entry that is not itself a trusted proxy (entries left of
 * it were written by the client and prove nothing), and https is what X-Forwarded-Proto says.
 * From any other peer they are ignored. Nothing here says a request comes from "this machine":
 * behind a proxy on the same host every visitor's socket is loopback, with or without headers.
 */
export function requestClient(socketAddress: string | undefined, headers: IncomingHttpHeaders, proxies: TrustedProxies): RequestClient {
  const { address: socket, trusted } = proxies.peer(socketAddress);
  if (!trusted) {
    const forwarded = forwardingHeaders.some((name) => headers[name] !== undefined);
    return { address: socket, https: false, viaTrustedProxy: false, unbelievedForwarding: forwarded };
  }
  const chain = headerValues(headers["x-forwarded-for"]).map(plainAddress);
  let address = socket;
  for (let index = chain.length - 1; index >= 0; index--) {
    const entry = chain[index]!;
    if (isIP(entry) === 0) break; // a malformed entry: nothing left of it can be believed
    address = entry;
    if (!proxies.includes(entry)) break;
  }
  const proto = headerValues(headers["x-forwarded-proto"]).at(-1)?.toLowerCase();
  return { address, https: proto === "https", viaTrustedProxy: true, unbelievedForwarding: false };
}

/** Whether an address is this machine's own (IPv4 127/8, IPv6 ::1, or 127/8 mapped to IPv6). */
export function isLoopbackAddress(address: string): boolean {
  const v4 = plainAddress(address);
  return address === "::1" || (isIP(v4) === 4 && v4.startsWith("127."));
}

/** The eight 16-bit groups of an IPv6 address (with an embedded IPv4 tail read as two groups). */
function ipv6Groups(address: string): Array<number> {
  const [head = "", tail] = address.toLowerCase().split("::");
  const parts = (text: string) =>
    text === ""
      ? []
      : text.split(":").flatMap((part) => {
          if (!part.includes(".")) return [Number.parseInt(part, 16)];
          const [a, b, c, d] = part.split(".").map(Number) as [number, number, number, number];
          return [(a << 8) | b, (c << 8) | d];
        });
  const left = parts(head);
  const right = tail === undefined ? [] : parts(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * What per-address limits count by: an IPv4 address, or the /64 network of an IPv6 one. A home
 * or phone with IPv6 is given a whole /64, so counting single addresses would give one person
 * billions of them (review F4).
 */
export function addressKey(address: string): string {
  const plain = plainAddress(address);
  if (isIP(plain) !== 6) return plain;
  const groups = ipv6Groups(plain.split("%", 1)[0]!).slice(0, 4);
  return `${groups.map((group) => group.toString(16)).join(":")}::/64`;
}
