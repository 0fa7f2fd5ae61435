/**
 * Which IP addresses an outbound request (a feed fetch, a channel API call) may connect to (docs/product/feeds.md#sync):
 * only ordinary public unicast, so a feed URL cannot be used to reach the server's own network or the server
 * itself. Refused: every IANA special-purpose range of IPv4 and IPv6 (private, loopback, link-local, carrier-grade
 * NAT, documentation, benchmarking, multicast, reserved, NAT64, 6to4, Teredo, ...), and every address one of the
 * host's own interfaces holds. An IPv4-mapped IPv6 address (::ffff:a.b.c.d) is judged as the IPv4 address inside.
 *
 * The ranges are ipaddr.js's own special-purpose table: any address it does not call 'unicast' is refused, plus the
 * few registry entries it does not name (EXTRA_IPV6_RANGES).
 */
import ipaddr from 'ipaddr.js';
import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** IANA special-purpose IPv6 blocks that ipaddr.js reports as 'unicast'. */
const EXTRA_IPV6_RANGES = [
  '::/96', // IPv4-compatible (deprecated, RFC 4291), which also holds :: and ::1
  '100:0:0:1::/64', // dummy IPv6 prefix (RFC 9780)
].map((cidr) => ipaddr.IPv6.parseCIDR(cidr));

/** Parses a textual address (zone index dropped); a mapped IPv6 address becomes its IPv4 address. */
function parse(text: string): Address | null {
  const bare = text.replace(/%.*$/, ''); // zone index, e.g. fe80::1%eth0
  const family = isIP(bare); // node's strict form: no '127.1' or octal shorthand
  if (family === 0) return null;
  // IPv6 goes through the URL serialiser first, which writes a dotted tail in hex: ipaddr.js would read the
  // IPv4-compatible '::8.8.8.8' as the mapped '::ffff:8.8.8.8', and so let it pass as 8.8.8.8.
  const address = ipaddr.parse(family === 6 ? new URL(`http://[${bare}]`).hostname.slice(1, -1) : bare);
  return address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress() ? (address as ipaddr.IPv6).toIPv4Address() : address;
}

let hostAddresses: Set<string> | undefined;

/** The addresses the host's interfaces hold, read once (normalised, so '::1' and '0:0:0:0:0:0:0:1' are one). */
function ownAddresses(): Set<string> {
  if (!hostAddresses) {
    hostAddresses = new Set();
    for (const entries of Object.values(networkInterfaces())) {
      for (const entry of entries ?? []) {
        const address = parse(entry.address);
        if (address) hostAddresses.add(address.toNormalizedString());
      }
    }
  }
  return hostAddresses;
}

/** True for addresses a feed fetch must not reach; also true for anything that is not an IP address. */
export function isBlockedAddress(text: string): boolean {
  const address = parse(text);
  if (!address) return true;
  if (address.range() !== 'unicast') return true;
  if (address.kind() === 'ipv6' && EXTRA_IPV6_RANGES.some((range) => address.match(range))) return true;
  return ownAddresses().has(address.toNormalizedString());
}
