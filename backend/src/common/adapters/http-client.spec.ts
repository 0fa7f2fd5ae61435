/** HttpClient against a real local node:http server (the iCal importer's own limits are tested in fetch-feed.spec). */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpClient, HttpError } from './http-client';

let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/json') return void res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}');
    if (req.url === '/moved') return void res.writeHead(301, { Location: '/json' }).end();
    if (req.url === '/echo' && req.method === 'POST') {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      return void req.on('end', () => res.writeHead(201, { 'Content-Type': 'application/json' }).end(JSON.stringify({ method: req.method, type: req.headers['content-type'], length: req.headers['content-length'], body: Buffer.concat(chunks).toString() })));
    }
    if (req.url === '/stall') return void res.writeHead(200).write('{');
    res.writeHead(503).end('busy');
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((ok) => server.close(() => ok())));

const limits = { timeoutMs: 2000, maxBytes: 1000 };
const failure = (p: Promise<unknown>) => p.then(() => null, (e: HttpError) => ({ kind: e.kind, message: e.message, httpStatus: e.httpStatus }));

describe('HttpClient', () => {
  const local = new HttpClient({ feeds: { allowPrivateHosts: true } } as never);

  it('answers the final 2xx with status, headers and body, after redirects', async () => {
    const answer = await local.get(`${base}/moved`, limits);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json');
    expect(JSON.parse(answer.body.toString())).toEqual({ ok: true });
  });

  it('rejects other statuses with an HttpError that carries the status and no URL', async () => {
    expect(await failure(local.get(`${base}/nothing`, limits))).toEqual({ kind: 'http', message: 'HTTP 503', httpStatus: 503 });
  });

  it('applies the address rule of the setting unless a call lifts it', async () => {
    const strict = new HttpClient({ feeds: { allowPrivateHosts: false } } as never);
    expect(await failure(strict.get(`${base}/json`, limits))).toMatchObject({ kind: 'blocked', message: 'address not allowed (private, loopback or link-local network)' });
    expect((await strict.get(`${base}/json`, { ...limits, allowPrivateHosts: true })).status).toBe(200);
  });

  it('POSTs a body with its length and answers the 2xx; a redirect is not followed, a stall ends at the deadline', async () => {
    const answer = await local.post(`${base}/echo`, '{"q":"hei"}', { ...limits, headers: { 'content-type': 'application/json' } });
    expect(answer.status).toBe(201);
    expect(JSON.parse(answer.body.toString())).toEqual({ method: 'POST', type: 'application/json', length: '11', body: '{"q":"hei"}' });
    expect(await failure(local.post(`${base}/moved`, 'x', limits))).toEqual({ kind: 'http', message: 'HTTP 301', httpStatus: 301 });
    expect((await local.post(`${base}/nothing`, 'x', { ...limits, anyStatus: true })).status).toBe(503);
    expect(await failure(local.post(`${base}/stall`, 'x', { ...limits, timeoutMs: 300 }))).toMatchObject({ kind: 'timeout', message: 'timed out after 300 ms' });
    const strict = new HttpClient({ feeds: { allowPrivateHosts: false } } as never);
    expect(await failure(strict.post(`${base}/echo`, 'x', limits))).toMatchObject({ kind: 'blocked' });
  });

  it('refuses URLs that are not http(s)', async () => {
    expect(await failure(local.get('ftp://127.0.0.1/x', limits))).toMatchObject({ kind: 'invalid-url', message: 'unsupported URL scheme' });
    expect(await failure(local.get('not a url', limits))).toMatchObject({ kind: 'invalid-url', message: 'invalid URL' });
  });
});
