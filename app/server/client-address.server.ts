import { isIP } from "node:net";

/**
 * The address of the client that sent a request. Behind `trustedProxies` reverse proxies, each
 * appends the address it received the request from to X-Forwarded-For, so the client is the
 * entry the outermost trusted proxy wrote: the `trustedProxies`-th from the right. Entries to
 * the left of it were written by the client and prove nothing.
 */
export function clientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | Array<string> | undefined,
  trustedProxies: number,
): string {
  const socket = socketAddress ?? "unknown";
  if (trustedProxies === 0 || forwardedFor === undefined) return socket;
  const entries = [forwardedFor]
    .flat()
    .join(",")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  // Fewer entries than proxies: the request reached us by a shorter path, so the leftmost
  // entry is still one a trusted proxy wrote.
  const entry = entries[Math.max(0, entries.length - trustedProxies)];
  return entry && isIP(entry) ? entry : socket;
}

/** Whether an address is this machine's own (IPv4 127/8, IPv6 ::1, or 127/8 mapped to IPv6). */
export function isLoopbackAddress(address: string): boolean {
  const v4 = address.startsWith("::ffff:") ? address.slice(7) : address;
  return address === "::1" || (isIP(v4) === 4 && v4.startsWith("127."));
}
