/**
 * Outbound HTTP with the outbound limits (docs/product/feeds.md#sync), for every call to the outside world (iCal feeds, the
 * Beds24 API, the translation service): at most `maxRedirects` redirects (each target checked again), one deadline for the whole exchange
 * (a server that sends headers and then stalls included), a cap on the (decompressed) body, and no connections to
 * special-purpose addresses (private, loopback, link-local, documentation, the host's own: address-policy.ts)
 * unless allowed. The address rule is applied to every address DNS
 * returns, inside the socket's own lookup (so DNS rebinding between a check and the connect cannot slip through),
 * and again to the address actually connected to.
 *
 * Error texts never contain the URL: outside URLs often carry secret tokens.
 */
import { Inject, Injectable, OnApplicationShutdown, Optional } from '@nestjs/common';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction, type Socket } from 'node:net';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { isBlockedAddress } from './address-policy';

export interface HttpGetOptions {
  headers?: Record<string, string>;
  /** Deadline for the whole exchange, redirects and body included. */
  timeoutMs: number;
  maxBytes: number;
  /** Default 3. */
  maxRedirects?: number;
  /** Lifts the address rule (tests against local servers); default: the ALLOW_PRIVATE_FEED_HOSTS setting. */
  allowPrivateHosts?: boolean;
  /** Answers 4xx and 5xx with their headers and body instead of rejecting: for APIs whose errors say when to retry (Beds24). */
  anyStatus?: boolean;
}

/** A final answer: 2xx with its body, or 304 (empty body). */
export interface HttpAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export type HttpErrorKind = 'invalid-url' | 'blocked' | 'timeout' | 'too-large' | 'redirects' | 'http' | 'encoding' | 'network';

/** A failure whose message is safe to store and show. */
export class HttpError extends Error {
  constructor(
    readonly kind: HttpErrorKind,
    message: string,
    readonly httpStatus?: number,
  ) {
    super(message);
  }
}

const BLOCKED_ADDRESS = 'address not allowed (private, loopback or link-local network)';
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

function httpUrl(raw: string | URL): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new HttpError('invalid-url', 'invalid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new HttpError('invalid-url', 'unsupported URL scheme');
  return url;
}

/** How host names become addresses: the system's resolver, or one a test controls (see HttpClient's constructor). */
export type HostResolver = (hostname: string, options: { family?: number | 'IPv4' | 'IPv6'; hints?: number; all: true }, callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;

/** Injection token of a HostResolver; unbound in the app, which then uses the system's resolver. */
export const HOST_RESOLVER = Symbol('HOST_RESOLVER');

const systemResolver: HostResolver = (hostname, options, callback) => dnsLookup(hostname, options, callback);

function guardedLookup(allowPrivateHosts: boolean, resolveHost: HostResolver): LookupFunction {
  return (hostname, options, callback) => {
    resolveHost(hostname, { family: options.family, hints: options.hints, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 0);
      if (!allowPrivateHosts && addresses.some((a) => isBlockedAddress(a.address))) {
        return callback(new HttpError('blocked', BLOCKED_ADDRESS), '', 0);
      }
      if (addresses.length === 0) return callback(new HttpError('network', 'host has no address'), '', 0);
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

const timedOut = (deadline: Deadline) => new HttpError('timeout', `timed out after ${deadline.ms} ms`);

/** What one request sends: GET without a body, or POST with one. */
interface Outgoing {
  method: 'GET' | 'POST';
  body?: Buffer;
}

/** One request; resolves with the response once headers arrived. */
function request(url: URL, headers: Record<string, string>, allowPrivateHosts: boolean, deadline: Deadline, resolveHost: HostResolver, agents: Agents, outgoing: Outgoing = { method: 'GET' }): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    if (deadline.signal.aborted) return reject(timedOut(deadline));
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) && !allowPrivateHosts && isBlockedAddress(host)) return reject(new HttpError('blocked', BLOCKED_ADDRESS));
    const req = client.request(url, {
      method: outgoing.method,
      headers: outgoing.body ? { ...headers, 'Content-Length': String(outgoing.body.length) } : headers,
      agent: url.protocol === 'https:' ? agents.https : agents.http,
      lookup: guardedLookup(allowPrivateHosts, resolveHost),
    });
    // A new socket is checked once connected, a kept-alive one at once: its peer passed when it connected, but
    // maybe under a call that lifted the address rule.
    const checkPeer = (socket: Socket) => {
      const peer = socket.remoteAddress;
      if (!allowPrivateHosts && (!peer || isBlockedAddress(peer))) req.destroy(new HttpError('blocked', BLOCKED_ADDRESS));
    };
    req.on('socket', (socket) => {
      if (socket.remoteAddress) checkPeer(socket);
      else socket.once('connect', () => checkPeer(socket));
    });
    const onAbort = () => req.destroy(timedOut(deadline));
    deadline.signal.addEventListener('abort', onAbort, { once: true });
    req.on('close', () => deadline.signal.removeEventListener('abort', onAbort));
    req.on('response', resolve);
    req.on('error', reject);
    req.end(outgoing.body);
  });
}

/** Reads the body through the right decompressor, stopping past maxBytes or at the deadline. */
function readBody(res: IncomingMessage, maxBytes: number, deadline: Deadline): Promise<Buffer> {
  const tooLarge = () => new HttpError('too-large', `answer too large (over ${maxBytes} bytes)`);
  const declared = Number(res.headers['content-length']);
  const encoding = String(res.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  if (encoding === 'identity' && declared > maxBytes) {
    res.destroy();
    return Promise.reject(tooLarge());
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
    return Promise.reject(new HttpError('encoding', `unsupported content encoding ${encoding}`));
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
    const onAbort = () => finish(timedOut(deadline));
    if (deadline.signal.aborted) return onAbort();
    deadline.signal.addEventListener('abort', onAbort, { once: true });
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) return finish(tooLarge());
      chunks.push(chunk);
    });
    stream.on('end', () => finish(null));
    const broken = (err?: Error) => finish(new HttpError('network', `download failed (${err ? errorCode(err) : 'connection closed early'})`));
    stream.on('error', broken);
    res.on('error', broken);
    res.on('close', () => {
      if (!res.complete) broken();
    });
  });
}

/** A final answer: 2xx with its body, or any status with `anyStatus`; otherwise an HttpError with the status. */
async function answer(res: IncomingMessage, options: Pick<HttpGetOptions, 'maxBytes' | 'anyStatus'>, deadline: Deadline): Promise<HttpAnswer> {
  const status = res.statusCode ?? 0;
  if ((status < 200 || status >= 300) && !options.anyStatus) {
    res.resume();
    throw new HttpError('http', `HTTP ${status}`, status);
  }
  return { status, headers: res.headers, body: await readBody(res, options.maxBytes, deadline) };
}

function errorCode(err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  return e?.code ?? e?.message ?? String(err);
}

interface Agents {
  http: http.Agent;
  https: https.Agent;
}

/**
 * Connections are kept open briefly between fetches: many owners' feeds live on the same few hosts (Airbnb,
 * Booking.com), and a check that is almost always a 304 then costs no new TCP and TLS handshake. Idle sockets close
 * after 4 s, before common servers' own keep-alive time-outs (Apache's is 5 s), so a reused socket is rarely one
 * the server is closing.
 */
const KEEP_ALIVE = { keepAlive: true, maxSockets: 16, maxFreeSockets: 64, timeout: 4_000 };

/** The app's one way to call outside servers (injectable, so a test or a future proxy setting can replace it). */
@Injectable()
export class HttpClient implements OnApplicationShutdown {
  private readonly agents: Agents = { http: new http.Agent(KEEP_ALIVE), https: new https.Agent(KEEP_ALIVE) };

  /** `resolveHost` replaces the system's DNS resolver: tests pass one that knows only loopback names. */
  constructor(
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'feeds'>,
    @Optional() @Inject(HOST_RESOLVER) private readonly resolveHost: HostResolver = systemResolver,
  ) {}

  /** GETs `url`, following redirects; rejects with an HttpError (anything but 2xx or 304 included, unless `anyStatus`). */
  get(rawUrl: string | URL, options: HttpGetOptions): Promise<HttpAnswer> {
    const maxRedirects = options.maxRedirects ?? 3;
    return this.exchange(options, async (deadline, allowPrivateHosts) => {
      let url = httpUrl(rawUrl);
      const headers = { 'Accept-Encoding': 'gzip, deflate, br', ...options.headers };
      for (let redirects = 0; ; redirects++) {
        const res = await request(url, headers, allowPrivateHosts, deadline, this.resolveHost ?? systemResolver, this.agents);
        const status = res.statusCode ?? 0;
        if (REDIRECT_STATUSES.has(status) && res.headers.location) {
          res.resume();
          if (redirects >= maxRedirects) throw new HttpError('redirects', `too many redirects (more than ${maxRedirects})`);
          try {
            url = httpUrl(new URL(res.headers.location, url));
          } catch (e) {
            throw e instanceof HttpError ? new HttpError(e.kind, `redirect refused: ${e.message}`) : e;
          }
          continue;
        }
        if (status === 304) {
          res.resume();
          return { status, headers: res.headers, body: Buffer.alloc(0) };
        }
        return answer(res, options, deadline);
      }
    });
  }

  /**
   * POSTs `body` to `url` under the same deadline, body cap and address rule as `get`; a redirect is not followed
   * (it would turn the POST into a GET) and answers as an HTTP error. For the services an operator configured
   * (translation), not for addresses a user gave.
   */
  post(rawUrl: string | URL, body: string | Buffer, options: Omit<HttpGetOptions, 'maxRedirects'>): Promise<HttpAnswer> {
    return this.exchange(options, async (deadline, allowPrivateHosts) => {
      const headers = { 'Accept-Encoding': 'gzip, deflate, br', ...options.headers };
      const outgoing: Outgoing = { method: 'POST', body: typeof body === 'string' ? Buffer.from(body) : body };
      const res = await request(httpUrl(rawUrl), headers, allowPrivateHosts, deadline, this.resolveHost ?? systemResolver, this.agents, outgoing);
      return answer(res, options, deadline);
    });
  }

  /**
   * Whether a host may be called under the address rule, asked before an address is stored (a webhook's): resolves
   * it as a request would and answers 'blocked' when any of its addresses is refused, 'unresolvable' when it has
   * none. The rule is applied again when the request is made, as DNS may answer differently then.
   */
  hostAllowed(hostname: string, allowPrivateHosts: boolean): Promise<'ok' | 'blocked' | 'unresolvable'> {
    const host = hostname.replace(/^\[|\]$/g, '');
    if (isIP(host)) return Promise.resolve(allowPrivateHosts || !isBlockedAddress(host) ? 'ok' : 'blocked');
    return new Promise((resolve) => {
      (this.resolveHost ?? systemResolver)(host, { all: true }, (err, addresses) => {
        if (err || addresses.length === 0) return resolve('unresolvable');
        resolve(allowPrivateHosts || !addresses.some((a) => isBlockedAddress(a.address)) ? 'ok' : 'blocked');
      });
    });
  }

  /** One exchange under one deadline; whatever fails becomes an HttpError whose message is safe to show. */
  private async exchange(options: Pick<HttpGetOptions, 'timeoutMs' | 'allowPrivateHosts'>, run: (deadline: Deadline, allowPrivateHosts: boolean) => Promise<HttpAnswer>): Promise<HttpAnswer> {
    const allowPrivateHosts = options.allowPrivateHosts ?? this.config.feeds.allowPrivateHosts;
    const controller = new AbortController();
    const deadline: Deadline = { signal: controller.signal, ms: options.timeoutMs };
    const timer = setTimeout(() => controller.abort(), options.timeoutMs);
    try {
      return await run(deadline, allowPrivateHosts);
    } catch (err) {
      if (err instanceof HttpError) throw err;
      if (controller.signal.aborted) throw timedOut(deadline);
      throw new HttpError('network', `network error (${errorCode(err)})`);
    } finally {
      clearTimeout(timer);
    }
  }

  onApplicationShutdown(): void {
    this.agents.http.destroy();
    this.agents.https.destroy();
  }
}
