import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import path from 'node:path';

export const FIXTURES = path.join(__dirname, '..', 'fixtures', 'ics');
export const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));

/**
 * A local HTTP server playing calendar feeds: each path serves whatever body the test sets, with a strong ETag
 * and Last-Modified, and answers conditional requests with 304. `hang` paths never answer.
 */
export class FeedServer {
  private readonly bodies = new Map<string, { body: Buffer; type: string; status: number }>();
  readonly requests: { path: string; ifNoneMatch?: string }[] = [];
  private readonly hanging = new Set<string>();
  private server!: Server;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const p = req.url!.split('?')[0];
      this.requests.push({ path: p, ifNoneMatch: req.headers['if-none-match'] as string | undefined });
      if (this.hanging.has(p)) return; // never answers
      const entry = this.bodies.get(p);
      if (!entry) return void res.writeHead(404).end('not found');
      const etag = `"${createHash('sha1').update(entry.body).digest('hex')}"`;
      if (req.headers['if-none-match'] === etag) return void res.writeHead(304, { ETag: etag }).end();
      res.writeHead(entry.status, { 'Content-Type': entry.type, ETag: etag, 'Last-Modified': new Date(0).toUTCString() }).end(entry.body);
    });
    await new Promise<void>((ok) => this.server.listen(0, '127.0.0.1', ok));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  serve(p: string, body: Buffer | string, type = 'text/calendar; charset=utf-8', status = 200): string {
    this.bodies.set(p, { body: Buffer.isBuffer(body) ? body : Buffer.from(body), type, status });
    return this.url + p;
  }

  hang(p: string): string {
    this.hanging.add(p);
    return this.url + p;
  }

  requestsTo(p: string) {
    return this.requests.filter((r) => r.path === p);
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((ok) => this.server.close(() => ok()));
  }
}

/** A small calendar of all-day stays, in Airbnb's shape. */
export function stays(...items: { uid: string; start: string; end: string; summary?: string }[]): string {
  const d = (s: string) => s.replace(/-/g, '');
  return [
    'BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Airbnb Inc//Hosting Calendar 1.0//EN', 'CALSCALE:GREGORIAN',
    ...items.flatMap((i) => ['BEGIN:VEVENT', `DTSTAMP:20261101T000000Z`, `DTSTART;VALUE=DATE:${d(i.start)}`, `DTEND;VALUE=DATE:${d(i.end)}`, `SUMMARY:${i.summary ?? 'Reserved'}`, `UID:${i.uid}`, 'END:VEVENT']),
    'END:VCALENDAR', '',
  ].join('\r\n');
}
