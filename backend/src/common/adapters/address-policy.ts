/**
 * Which IP addresses an outbound request (a feed fetch, a channel API call) may connect to (DESIGN.md "Security": no private, loopback or link-local
 * targets, so a feed URL cannot be used to reach the server's own network). IPv6 forms that embed an IPv4
 * address (mapped ::ffff:a.b.c.d, compatible ::a.b.c.d, NAT64 64:ff9b::/96, 6to4 2002::/16) are judged by
 * the embedded address.
 */
import { BlockList, isIP } from 'node:net';

const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata endpoints
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and 255.255.255.255 broadcast
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // deprecated site-local
  ['ff00::', 8], // multicast
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** The eight 16-bit groups of an IPv6 address (accepts '::' and a dotted IPv4 tail). */
function ipv6Groups(address: string): number[] {
  let text = address.replace(/%.*$/, ''); // zone index, e.g. fe80::1%eth0
  const v4Tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4Tail) {
    const [a, b, c, d] = v4Tail[1].split('.').map(Number);
    text = text.slice(0, -v4Tail[1].length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const parse = (part: string) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

const ipv4FromGroups = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;

/** The IPv4 address an IPv6 address carries, if it is one of the embedding forms. */
function embeddedIpv4(address: string): string | null {
  const g = ipv6Groups(address);
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 5) && g[5] === 0xffff) return ipv4FromGroups(g[6], g[7]); // ::ffff:a.b.c.d
  if (zeros(0, 6) && (g[6] !== 0 || g[7] > 1)) return ipv4FromGroups(g[6], g[7]); // ::a.b.c.d (not :: or ::1)
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return ipv4FromGroups(g[6], g[7]); // NAT64
  if (g[0] === 0x2002) return ipv4FromGroups(g[1], g[2]); // 6to4
  return null;
}

/** True for addresses a feed fetch must not reach; also true for anything that is not an IP address. */
export function isBlockedAddress(address: string): boolean {
  const family = isIP(address.replace(/%.*$/, ''));
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const v4 = embeddedIpv4(address);
  if (v4 !== null && blocked.check(v4, 'ipv4')) return true;
  return blocked.check(address.replace(/%.*$/, ''), 'ipv6');
}
