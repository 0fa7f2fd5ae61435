import Bowser from 'bowser';
import type { Request } from 'express';
import { isIPv4, isIPv6 } from 'node:net';

/** Where a request came from, as far as a person may be shown it: browser, OS and the client's network, not its address. */
export interface RequestContext {
  browser: string | null;
  os: string | null;
  ipPrefix: string | null;
}

const MAX = 100;
const clip = (value: string | undefined) => (value ? value.slice(0, MAX) : null);

/** 'Firefox 128', 'Windows 10' from a User-Agent header; null for what it does not tell. */
export function describeUserAgent(userAgent: string | undefined): { browser: string | null; os: string | null } {
  if (!userAgent) return { browser: null, os: null };
  const parsed = Bowser.parse(userAgent.slice(0, 1000));
  const major = parsed.browser.version?.split('.')[0];
  const browser = parsed.browser.name ? `${parsed.browser.name}${major ? ` ${major}` : ''}` : undefined;
  const os = parsed.os.name ? `${parsed.os.name}${parsed.os.versionName ? ` ${parsed.os.versionName}` : parsed.os.version ? ` ${parsed.os.version}` : ''}` : undefined;
  return { browser: clip(browser), os: clip(os) };
}

/**
 * The client's address cut to its network: an IPv4 address to its /24 ('192.0.2.0/24'), an IPv6 address to its /48.
 * Enough to tell "my home" from "somewhere else", not enough to point at one machine (docs/security.md).
 */
export function ipPrefix(address: string | undefined): string | null {
  if (!address) return null;
  const plain = address.startsWith('::ffff:') && isIPv4(address.slice(7)) ? address.slice(7) : address;
  if (isIPv4(plain)) return `${plain.split('.').slice(0, 3).join('.')}.0/24`;
  if (isIPv6(plain)) {
    const [head, tail = ''] = plain.split('::');
    const left = head ? head.split(':') : [];
    const right = tail ? tail.split(':') : [];
    const groups = plain.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
    return `${groups.slice(0, 3).map((g) => (parseInt(g, 16) || 0).toString(16)).join(':')}::/48`;
  }
  return null;
}

export function requestContext(req: Pick<Request, 'headers' | 'ip' | 'socket'>): RequestContext {
  const ua = req.headers['user-agent'];
  return { ...describeUserAgent(typeof ua === 'string' ? ua : undefined), ipPrefix: ipPrefix(req.ip ?? req.socket?.remoteAddress) };
}
