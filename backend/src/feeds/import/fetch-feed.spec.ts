/** fetchFeed against a real local node:http server. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { HttpClient } from '../../common/adapters/http-client';
import { fetchFeed as fetchWith, type FetchFeedOptions } from './fetch-feed';
import { parseFeed } from './parse-feed';

const ICS = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:a@x\r\nDTSTART;VALUE=DATE:20270101\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n';
const ETAG = '"v1"';
const LAST_MODIFIED = 'Wed, 01 Dec 2026 10:00:00 GMT';

let server: Server;
let base: string;
const seen: IncomingMessage[] = [];

const routes: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
  '/feed.ics': (req, res) => {
    if (req.headers['if-none-match'] === ETAG) return void res.writeHead(304).end();
    res.writeHead(200, { 'Content-Type': 'text/calendar; charset=utf-8', ETag: ETAG }).end(ICS);
  },
  '/by-date.ics': (req, res) => {
    if (req.headers['if-modified-since'] === LAST_MODIFIED) return void res.writeHead(304).end();
    res.writeHead(200, { 'Last-Modified': LAST_MODIFIED }).end(ICS);
  },
  '/gzip.ics': (_req, res) => res.writeHead(200, { 'Content-Encoding': 'gzip' }).end(gzipSync(ICS)),
  '/big.ics': (_req, res) => res.writeHead(200, { 'Content-Type': 'text/calendar' }).end(Buffer.alloc(200_000, 'A')),
  // No Content-Length: the cap must stop the stream itself.
  '/big-chunked.ics': (_req, res) => {
    res.writeHead(200);
    for (let i = 0; i < 20; i++) res.write(Buffer.alloc(10_000, 'A'));
    res.end();
  },
  '/big-gzip.ics': (_req, res) => res.writeHead(200, { 'Content-Encoding': 'gzip' }).end(gzipSync(Buffer.alloc(5_000_000, 'A'))),
  '/hang-before-headers': () => undefined,
  '/hang-after-headers': (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/calendar' });
    res.write('BEGIN:VCALENDAR\r\n'); // then nothing more
  },
  '/html': (_req, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!DOCTYPE html><html><body>Please sign in</body></html>'),
  '/missing': (_req, res) => res.writeHead(404).end('not found'),
  '/to-file': (_req, res) => res.writeHead(302, { Location: 'file:///etc/passwd' }).end(),
};

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req);
    const path = new URL(req.url!, 'http://x').pathname;
    const hops = /^\/redirect\/(\d+)$/.exec(path);
    if (hops) {
      const left = Number(hops[1]);
      // Relative Location headers, resolved against the current URL.
      return void res.writeHead(302, { Location: left > 1 ? `/redirect/${left - 1}` : '/feed.ics' }).end();
    }
    (routes[path] ?? routes['/missing'])(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** The app's HttpClient; every call below passes allowPrivateHosts itself. */
const http = new HttpClient({ feeds: { allowPrivateHosts: false } } as never);
const fetchFeed = (url: string, options: FetchFeedOptions) => fetchWith(http, url, options);

const options = (extra: Partial<FetchFeedOptions> = {}): FetchFeedOptions => ({
  timeoutMs: 2000,
  maxBytes: 100_000,
  maxRedirects: 3,
  allowPrivateHosts: true,
  userAgent: 'feed-import-test/1',
  ...extra,
});

describe('fetchFeed', () => {
  it('answers 200 with body, ETag and hash, then not-modified when If-None-Match matches', async () => {
    const first = await fetchFeed(`${base}/feed.ics`, options());
    expect(first).toEqual({
      status: 'ok',
      body: Buffer.from(ICS),
      etag: ETAG,
      contentType: 'text/calendar; charset=utf-8',
      contentHash: createHash('sha256').update(ICS).digest('hex'),
    });
    expect(seen[seen.length - 1].headers['user-agent']).toBe('feed-import-test/1');
    expect(seen[seen.length - 1].headers.accept).toMatch(/^text\/calendar/);

    expect(await fetchFeed(`${base}/feed.ics`, options({ etag: ETAG }))).toEqual({ status: 'not-modified' });
    expect(seen[seen.length - 1].headers['if-none-match']).toBe(ETAG);
  });

  it('sends If-Modified-Since from a stored Last-Modified', async () => {
    const first = await fetchFeed(`${base}/by-date.ics`, options());
    expect(first.status === 'ok' && first.lastModified).toBe(LAST_MODIFIED);
    expect(await fetchFeed(`${base}/by-date.ics`, options({ lastModified: LAST_MODIFIED }))).toEqual({ status: 'not-modified' });
  });

  it('decompresses a gzip body', async () => {
    const result = await fetchFeed(`${base}/gzip.ics`, options());
    expect(result.status === 'ok' && result.body.toString()).toBe(ICS);
  });

  it('follows 3 redirects and refuses a 4th', async () => {
    const ok = await fetchFeed(`${base}/redirect/3`, options());
    expect(ok.status === 'ok' && ok.body.toString()).toBe(ICS);
    expect(await fetchFeed(`${base}/redirect/4`, options())).toEqual({ status: 'error', error: 'too many redirects (more than 3)' });
  });

  it('refuses a redirect to a scheme other than http(s)', async () => {
    expect(await fetchFeed(`${base}/to-file`, options())).toEqual({ status: 'error', error: 'redirect refused: unsupported URL scheme' });
  });

  it('times out on a server that never answers', async () => {
    const started = Date.now();
    expect(await fetchFeed(`${base}/hang-before-headers`, options({ timeoutMs: 300 }))).toEqual({
      status: 'error',
      error: 'timed out after 300 ms',
    });
    expect(Date.now() - started).toBeLessThan(10_000); // returns, rather than hanging until the test times out
  });

  it('times out on a server that sends headers and then stalls', async () => {
    const started = Date.now();
    expect(await fetchFeed(`${base}/hang-after-headers`, options({ timeoutMs: 300 }))).toEqual({
      status: 'error',
      error: 'timed out after 300 ms',
    });
    expect(Date.now() - started).toBeLessThan(10_000); // returns, rather than hanging until the test times out
  });

  it('refuses a body over maxBytes, by Content-Length, by streamed size and after decompression', async () => {
    const tooLarge = { status: 'error', error: 'feed too large (over 100000 bytes)' };
    expect(await fetchFeed(`${base}/big.ics`, options())).toEqual(tooLarge);
    expect(await fetchFeed(`${base}/big-chunked.ics`, options())).toEqual(tooLarge);
    expect(await fetchFeed(`${base}/big-gzip.ics`, options())).toEqual(tooLarge);
  });

  it('reports HTTP errors with their status', async () => {
    expect(await fetchFeed(`${base}/missing`, options())).toEqual({ status: 'error', error: 'HTTP 404', httpStatus: 404 });
  });

  it('refuses loopback targets unless private hosts are allowed: IP literals and names resolving to them', async () => {
    const refused = { status: 'error', error: 'address not allowed (private, loopback or link-local network)' };
    const port = (server.address() as AddressInfo).port;
    expect(await fetchFeed(`${base}/feed.ics`, options({ allowPrivateHosts: false }))).toEqual(refused);
    expect(await fetchFeed(`http://localhost:${port}/feed.ics`, options({ allowPrivateHosts: false }))).toEqual(refused);
    expect(await fetchFeed(`http://[::ffff:127.0.0.1]:${port}/feed.ics`, options({ allowPrivateHosts: false }))).toEqual(refused);
    expect(await fetchFeed(`http://169.254.169.254/latest/meta-data/`, options({ allowPrivateHosts: false }))).toEqual(refused);
    // webcal:// becomes https:// and meets the same rule before any connection is made.
    expect(await fetchFeed(`webcal://127.0.0.1:${port}/feed.ics`, options({ allowPrivateHosts: false }))).toEqual(refused);
  });

  it('accepts only http, https and webcal URLs', async () => {
    expect(await fetchFeed('ftp://example.invalid/feed.ics', options())).toEqual({ status: 'error', error: 'unsupported URL scheme' });
    expect(await fetchFeed('not a url', options())).toEqual({ status: 'error', error: 'invalid URL' });
  });

  it('passes an HTML body through; parseFeed then rejects it as not a calendar', async () => {
    const result = await fetchFeed(`${base}/html`, options());
    if (result.status !== 'ok') throw new Error(JSON.stringify(result));
    expect(result.contentType).toBe('text/html');
    const parsed = parseFeed(result.body, {
      window: { start: new Date('2027-01-01T00:00:00Z'), end: new Date('2028-01-01T00:00:00Z') },
      defaultTimeZone: 'Europe/Oslo',
      contentType: result.contentType,
    });
    expect(parsed).toEqual({ ok: false, error: 'not a calendar' });
  });
});
