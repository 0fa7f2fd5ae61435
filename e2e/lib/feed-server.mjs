/**
 * A stand-in for Airbnb's calendar export: a node:http server on 127.0.0.1 that serves one iCal feed in Airbnb's
 * shape (CRLF, PRODID with a parameter, `Reserved` stays with the reservation link and the phone's last 4 digits,
 * `Airbnb (Not available)` blocks; see backend/test/fixtures/ics/airbnb-like.ics). The dates are counted from today
 * rather than fixed like the fixture's, so the stays are always in view. The app only fetches from a loopback
 * address when it runs with ALLOW_PRIVATE_FEED_HOSTS=true.
 */
import { createServer } from 'node:http';

/**
 * 'YYYY-MM-DD' of `day` in the month `monthsAhead` after today's (local dates; the browser runs in this machine's
 * zone too). A month grid shows at most 6 days of the month before and 14 of the month after, so days 15 to 22
 * never appear as a neighbour's greyed days: each such date has exactly one cell in the calendar.
 */
export function dateInMonth(monthsAhead, day, today = new Date()) {
  const d = new Date(today.getFullYear(), today.getMonth() + monthsAhead, day);
  const pad = (n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

const icalDate = (key) => key.replaceAll('-', '');

/**
 * The events the feed holds, all-day, end exclusive (checkout day): two back-to-back stays in the middle of next
 * month and a block in the month after, so they fall in the months the calendar opens on whatever today is (the
 * desktop shows three months from the current one; the phone reaches next month in one step).
 */
export function airbnbEvents(today = new Date()) {
  return [
    {
      uid: 'e2e-stay-1@airbnb.com',
      start: dateInMonth(1, 15, today),
      end: dateInMonth(1, 18, today),
      summary: 'Reserved',
      description: 'Reservation URL: https://www.airbnb.com/hosting/reservations/details/HME2E00001\\nPhone Number (Last 4 Digits): 4821',
    },
    {
      uid: 'e2e-stay-2@airbnb.com',
      start: dateInMonth(1, 18, today),
      end: dateInMonth(1, 20, today),
      summary: 'Reserved',
      description: 'Reservation URL: https://www.airbnb.com/hosting/reservations/details/HME2E00002\\nPhone Number (Last 4 Digits): 0093',
    },
    { uid: 'e2e-block-1@airbnb.com', start: dateInMonth(2, 15, today), end: dateInMonth(2, 18, today), summary: 'Airbnb (Not available)' },
  ];
}

/** Folds a content line at 75 octets as RFC 5545 §3.1 asks (Airbnb folds its long DESCRIPTION lines). */
function fold(line) {
  // Every line here is ASCII, so characters are octets; a continuation line's leading space counts too.
  const parts = [line.slice(0, 75)];
  for (let i = 75; i < line.length; i += 74) parts.push(line.slice(i, i + 74));
  return parts.join('\r\n ');
}

/** The feed's text: Airbnb's header lines and one VEVENT per event, CRLF line endings. */
export function airbnbCalendar(events, now = new Date()) {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '');
  const lines = ['BEGIN:VCALENDAR', 'PRODID;X-RICAL-TZSOURCE=TZINFO:-//Airbnb Inc//Hosting Calendar 0.8.8//EN', 'CALSCALE:GREGORIAN', 'VERSION:2.0'];
  for (const event of events) {
    // Airbnb writes DTEND before DTSTART.
    lines.push('BEGIN:VEVENT', `DTEND;VALUE=DATE:${icalDate(event.end)}`, `DTSTART;VALUE=DATE:${icalDate(event.start)}`, `UID:${event.uid}`);
    if (event.description) lines.push(fold(`DESCRIPTION:${event.description}`));
    lines.push(`SUMMARY:${event.summary}`, `DTSTAMP:${stamp}`, 'END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * Serves `airbnbCalendar(events)` at `<url>/calendar/ical/<token>.ics` (the shape of an Airbnb export link) and
 * 404 elsewhere. `requests` lists what was asked for, so a test can tell the app really fetched the feed.
 */
export async function startFeedServer({ events = airbnbEvents() } = {}) {
  const path = '/calendar/ical/e2e-3f9c2a7d.ics';
  const body = airbnbCalendar(events);
  const requests = [];
  const server = createServer((req, res) => {
    requests.push({ method: req.method, path: req.url, userAgent: req.headers['user-agent'] });
    if (req.method !== 'GET' || req.url !== path) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/calendar; charset=utf-8', 'Cache-Control': 'no-cache' }).end(body);
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const url = `http://127.0.0.1:${server.address().port}${path}`;
  return {
    url,
    events,
    requests,
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections(); // the app's kept-alive sockets would hold close() up
      }),
  };
}
