import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const DAY_MS = 86_400_000;

/** A channel manager's export, served locally: `feeds` iCal feeds of `eventsPerFeed` all-day bookings each. */
export interface FeedServer {
  /** The address of feed n (0-based). */
  urlOf(n: number): string;
  /** Answers by status since start, to prove a re-sync was all 304s. */
  counts: { 200: number; 304: number; 404: number };
  close(): Promise<void>;
}

const ymd = (ms: number) => new Date(ms).toISOString().slice(0, 10).replaceAll('-', '');

/**
 * Feed n holds bookings with UIDs unique to it, on dates shifted per feed; all lie between ~10 months back and
 * ~23 months ahead, inside the range the importer keeps (a year back, two years ahead). Bodies are rendered once,
 * CRLF-terminated like Airbnb's; the ETag is per feed and answered with 304 on If-None-Match.
 */
function renderFeed(n: number, events: number, today: number): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Bench Channel Manager//Hosting Calendar 1.0//EN', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH'];
  const first = today - 300 * DAY_MS;
  for (let j = 0; j < events; j++) {
    const start = first + (j * 5 + (n % 5)) * DAY_MS;
    lines.push(
      'BEGIN:VEVENT',
      `DTSTAMP:${ymd(today)}T000000Z`,
      `DTSTART;VALUE=DATE:${ymd(start)}`,
      `DTEND;VALUE=DATE:${ymd(start + ((j % 4) + 1) * DAY_MS)}`,
      `UID:bench-${n}-${j}@channel.example`,
      j % 3 === 0 ? 'SUMMARY:Airbnb (Not available)' : 'SUMMARY:Reserved',
      `DESCRIPTION:Reservation URL: https://www.airbnb.example/hosting/reservations/details/HM${n}X${j}\\nPhone Number (Last 4 Digits): ${1000 + ((n * 7 + j) % 9000)}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.join('\r\n')}\r\n`;
}

export async function startFeedServer(feeds: number, eventsPerFeed: number): Promise<FeedServer> {
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  const bodies = Array.from({ length: feeds }, (_, n) => Buffer.from(renderFeed(n, eventsPerFeed, today)));
  const lastModified = new Date(today).toUTCString();
  const counts = { 200: 0, 304: 0, 404: 0 };
  const server = createServer((req, res) => {
    const match = /^\/feeds\/(\d+)\.ics$/.exec(req.url ?? '');
    const n = match ? Number(match[1]) : -1;
    if (!(n >= 0 && n < feeds)) {
      counts[404]++;
      return void res.writeHead(404).end();
    }
    const etag = `"bench-feed-${n}-v1"`;
    const headers = { etag, 'last-modified': lastModified, 'cache-control': 'private, max-age=0' };
    if (req.headers['if-none-match'] === etag) {
      counts[304]++;
      return void res.writeHead(304, headers).end();
    }
    counts[200]++;
    res.writeHead(200, { ...headers, 'content-type': 'text/calendar; charset=utf-8', 'content-length': bodies[n].length }).end(bodies[n]);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    urlOf: (n) => `http://127.0.0.1:${port}/feeds/${n}.ics`,
    counts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
