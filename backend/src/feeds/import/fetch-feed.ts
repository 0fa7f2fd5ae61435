/**
 * Downloads one iCal feed with the limits of DESIGN.md "Security" and INTEROP.md §2.3.8: conditional GET,
 * at most `maxRedirects` redirects (each target checked again), one deadline for the whole exchange (a server
 * that sends headers and then stalls included), a cap on the (decompressed) body, and no connections to
 * private, loopback or link-local addresses unless allowPrivateHosts. The address rule is applied to every
 * address DNS returns, inside the socket's own lookup (so DNS rebinding between a check and the connect cannot
 * slip through), and again to the address actually connected to.
 *
 * Error texts never contain the URL: feed URLs carry secret tokens.
 */
import { createHash } from 'node:crypto';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction, type Socket } from 'node:net';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { isBlockedAddress } from './address-policy';

export interface FetchFeedOptions {
  etag?: string;
  lastModified?: string;
  /** Deadline for the whole fetch, redirects and body included. */
  timeoutMs: number;
  maxBytes: number;
  maxRedirects?: number;
  /** ALLOW_PRIVATE_FEED_HOSTS=true, for tests against local servers only. */
  allowPrivateHosts: boolean;
  userAgent: string;
}

export type FetchFeedResult =
  | { status: 'not-modified' }
  | { status: 'ok'; body: Buffer; etag?: string; lastModified?: string; contentType?: string; contentHash: string }
  | { status: 'error'; error: string; httpStatus?: number };

/** A failure with a message that is safe to store and show. */
class FetchError extends Error {
  constructor(
    message: string,
    readonly httpStatus?: number,
  ) {
    super(message);
  }
}

const BLOCKED_ADDRESS = 'address not allowed (private, loopback or link-local network)';
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** webcal:// and webcals:// are https feeds; only http and https are fetched. */
export function normaliseFeedUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw.trim().replace(/^webcals?:\/\//i, 'https://'));
  } catch {
    throw new FetchError('invalid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchError('unsupported URL scheme');
  return url;
}

function guardedLookup(allowPrivateHosts: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { family: options.family, hints: options.hints, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 0);
      if (!allowPrivateHosts && addresses.some((a) => isBlockedAddress(a.address))) {
        return callback(new FetchError(BLOCKED_ADDRESS), '', 0);
      }
      if (addresses.length === 0) return callback(new FetchError('host has no address'), '', 0);
      // net asks for all addresses when it races IPv4/IPv6 (autoSelectFamily); its types only know the single form.
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

interface Deadline {
  signal: AbortSignal;
  ms: number;
}

/** One GET; resolves with the response once headers arrived. */
function request(url: URL, headers: Record<string, string>, options: FetchFeedOptions, deadline: Deadline): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    if (deadline.signal.aborted) return reject(new FetchError(`timed out after ${deadline.ms} ms`));
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) && !options.allowPrivateHosts && isBlockedAddress(host)) return reject(new FetchError(BLOCKED_ADDRESS));
    const req = client.request(url, {
      method: 'GET',
      headers,
      agent: false, // a fresh connection, so the checks below always see the socket this request uses
      lookup: guardedLookup(options.allowPrivateHosts),
    });
    const checkPeer = (socket: Socket) => {
      const peer = socket.remoteAddress;
      if (!options.allowPrivateHosts && (!peer || isBlockedAddress(peer))) req.destroy(new FetchError(BLOCKED_ADDRESS));
    };
    req.on('socket', (socket) => {
      if (socket.remoteAddress) checkPeer(socket);
      else socket.once('connect', () => checkPeer(socket));
    });
    const onAbort = () => req.destroy(new FetchError(`timed out after ${deadline.ms} ms`));
    deadline.signal.addEventListener('abort', onAbort, { once: true });
    req.on('close', () => deadline.signal.removeEventListener('abort', onAbort));
    req.on('response', resolve);
    req.on('error', reject);
    req.end();
  });
}

/** Reads the body through the right decompressor, stopping past maxBytes or at the deadline. */
function readBody(res: IncomingMessage, maxBytes: number, deadline: Deadline): Promise<Buffer> {
  const declared = Number(res.headers['content-length']);
  const encoding = String(res.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  if (encoding === 'identity' && declared > maxBytes) {
    res.destroy();
    return Promise.reject(new FetchError(`feed too large (over ${maxBytes} bytes)`));
  }
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? createGunzip()
      : encoding === 'deflate'
        ? createInflate()
        : encoding === 'br'
          ? createBrotliDecompress()
          : null;
  if (encoding !== 'identity' && !decoder) {
    res.destroy();
    return Promise.reject(new FetchError(`unsupported content encoding ${encoding}`));
  }
  const stream = decoder ? res.pipe(decoder) : res;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (err: Error | null) => {
      if (settled) return;
      settled = true;
      deadline.signal.removeEventListener('abort', onAbort);
      if (err) {
        res.destroy();
        decoder?.destroy();
        reject(err);
      } else {
        resolve(Buffer.concat(chunks));
      }
    };
    const onAbort = () => finish(new FetchError(`timed out after ${deadline.ms} ms`));
    if (deadline.signal.aborted) return onAbort();
    deadline.signal.addEventListener('abort', onAbort, { once: true });
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) return finish(new FetchError(`feed too large (over ${maxBytes} bytes)`));
      chunks.push(chunk);
    });
    stream.on('end', () => finish(null));
    const broken = (err?: Error) => finish(new FetchError(`download failed (${err ? errorCode(err) : 'connection closed early'})`));
    stream.on('error', broken);
    res.on('error', broken);
    res.on('close', () => {
      if (!res.complete) broken();
    });
  });
}

function errorCode(err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  return e?.code ?? e?.message ?? String(err);
}

const header = (res: IncomingMessage, name: string): string | undefined => {
  const value = res.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

export async function fetchFeed(rawUrl: string, options: FetchFeedOptions): Promise<FetchFeedResult> {
  const maxRedirects = options.maxRedirects ?? 3;
  const controller = new AbortController();
  const deadline: Deadline = { signal: controller.signal, ms: options.timeoutMs };
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  try {
    let url = normaliseFeedUrl(rawUrl);
    const headers: Record<string, string> = {
      'User-Agent': options.userAgent,
      Accept: 'text/calendar, text/plain;q=0.9, */*;q=0.8',
      'Accept-Encoding': 'gzip, deflate, br',
    };
    if (options.etag) headers['If-None-Match'] = options.etag;
    if (options.lastModified) headers['If-Modified-Since'] = options.lastModified;

    for (let redirects = 0; ; redirects++) {
      const res = await request(url, headers, options, deadline);
      const status = res.statusCode ?? 0;
      if (REDIRECT_STATUSES.has(status) && res.headers.location) {
        res.resume();
        if (redirects >= maxRedirects) throw new FetchError(`too many redirects (more than ${maxRedirects})`);
        try {
          url = normaliseFeedUrl(new URL(res.headers.location, url).href);
        } catch (e) {
          throw e instanceof FetchError ? new FetchError(`redirect refused: ${e.message}`) : e;
        }
        continue;
      }
      if (status === 304) {
        res.resume();
        return { status: 'not-modified' };
      }
      if (status < 200 || status >= 300) {
        res.resume();
        throw new FetchError(`HTTP ${status}`, status);
      }
      const body = await readBody(res, options.maxBytes, deadline);
      const etag = header(res, 'etag');
      const lastModified = header(res, 'last-modified');
      const contentType = header(res, 'content-type');
      return {
        status: 'ok',
        body,
        ...(etag ? { etag } : {}),
        ...(lastModified ? { lastModified } : {}),
        ...(contentType ? { contentType } : {}),
        contentHash: createHash('sha256').update(body).digest('hex'),
      };
    }
  } catch (err) {
    if (err instanceof FetchError) {
      return { status: 'error', error: err.message, ...(err.httpStatus ? { httpStatus: err.httpStatus } : {}) };
    }
    if (controller.signal.aborted) return { status: 'error', error: `timed out after ${options.timeoutMs} ms` };
    return { status: 'error', error: `network error (${errorCode(err)})` };
  } finally {
    clearTimeout(timer);
  }
}
