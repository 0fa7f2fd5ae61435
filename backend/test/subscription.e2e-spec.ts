import ICAL from 'ical.js';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { ExternalBookingsService } from '../src/bookings/external-bookings.service';
import { SubscriptionService } from '../src/calendar/subscription.service';
import { FeedServer, stays } from './helpers/feed-server';
import { TestApp } from './helpers/test-app';
import { listen } from './helpers/ws-client';
import { pythonIcalendar, runPythonJson } from './readers/python';


function parseWithPython(ics: string): { uid: string; start: string; end: string; summary: string; allDay: boolean }[] {
  const script = `
import sys, json, icalendar, datetime
cal = icalendar.Calendar.from_ical(sys.stdin.buffer.read())
out = []
for e in cal.walk('VEVENT'):
    s, en = e.decoded('DTSTART'), e.decoded('DTEND')
    all_day = not isinstance(s, datetime.datetime)
    fmt = (lambda d: d.isoformat()) if all_day else (lambda d: d.astimezone(datetime.timezone.utc).strftime('%Y-%m-%dT%H:%M:%SZ'))
    out.append({'uid': str(e['UID']), 'start': fmt(s), 'end': fmt(en), 'summary': str(e['SUMMARY']), 'allDay': all_day})
print(json.dumps(out))`;
  return runPythonJson(script, ics);
}

describe('personal subscription feed', () => {
  let t: TestApp;
  let feeds: FeedServer;
  beforeAll(async () => {
    feeds = await new FeedServer().start();
    t = await TestApp.start({ ALLOW_PRIVATE_FEED_HOSTS: 'true' });
  });
  afterAll(async () => {
    await t.close();
    await feeds.stop();
  });

  async function hostWithCalendar() {
    const { agent, user } = await t.loginAs('user');
    await agent.post('/api/events').send({ title: 'Eiersperre; tid, med «æøå» og en lang beskrivelse som må brettes over flere linjer i feeden', startTime: '2027-01-05T10:00:00Z', endTime: '2027-01-05T14:00:00Z', description: 'Linje 1\nLinje 2' }).expect(201);
    await agent.post('/api/marked-days').send({ date: '2027-01-20', markerType: 'vacation', notes: 'Ferie' }).expect(201);
    const url = feeds.serve(`/sub-${user.id}.ics`, stays({ uid: 'stay-1@airbnb.com', start: '2027-01-10', end: '2027-01-15' }));
    await agent.post('/api/ical-feeds').send({ name: 'Airbnb', url }).expect(201);
    // A new feed is synced by the job workers at once (a manual sync meanwhile answers 'busy' and imports nothing).
    await t.jobsDone();
    const { url: link } = (await agent.get('/api/user/calendar-link').expect(200)).body;
    return { agent, user, link: link as string };
  }

  const pathOf = (link: string) => { const u = new URL(link); return u.pathname + u.search; };

  it('serves valid RFC 5545 with all of the host’s calendar, checked by two independent parsers', async () => {
    const { user, link } = await hostWithCalendar();
    expect(link).toMatch(new RegExp(`/api/ical/${user.id}\\?token=[A-Za-z0-9_-]{43}$`));
    const res = await request(t.server).get(pathOf(link)).expect(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const ics = res.text;
    // CRLF line endings, every line at most 75 octets, refresh hints for calendar apps.
    expect(ics.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/\n/);
    expect(ics).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT1H');
    expect(ics).toContain('X-PUBLISHED-TTL:PT1H');
    expect(ics).toContain('DTSTART;VALUE=DATE:20270110');
    expect(ics).toContain('DTEND;VALUE=DATE:20270115');

    const vevents = new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents('vevent').map((c) => new ICAL.Event(c));
    expect(vevents).toHaveLength(3);
    const own = vevents.find((e) => e.summary.startsWith('Eiersperre'))!;
    expect(own.summary).toBe('Eiersperre; tid, med «æøå» og en lang beskrivelse som må brettes over flere linjer i feeden');
    expect(own.description).toBe('Linje 1\nLinje 2');
    expect(own.startDate.toJSDate().toISOString()).toBe('2027-01-05T10:00:00.000Z');
    for (const c of new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents('vevent')) {
      expect(c.getFirstPropertyValue('dtstamp')).toBeTruthy();
      expect(c.getFirstPropertyValue('last-modified')).toBeTruthy();
      expect(c.getFirstPropertyValue('sequence')).not.toBeNull();
    }

    if (pythonIcalendar) {
      const parsed = parseWithPython(ics);
      expect(parsed).toEqual(expect.arrayContaining([
        expect.objectContaining({ summary: own.summary, start: '2027-01-05T10:00:00Z', end: '2027-01-05T14:00:00Z', allDay: false }),
        expect.objectContaining({ summary: 'Reserved', start: '2027-01-10', end: '2027-01-15', allDay: true }),
        expect.objectContaining({ summary: 'Ferie', start: '2027-01-20', end: '2027-01-21', allDay: true }),
      ]));
    } else {
      console.warn('python3-icalendar is not installed: the second-parser check ran with ical.js only (CI installs it).');
    }

    // UIDs are stable across renders.
    const again = await request(t.server).get(pathOf(link)).expect(200);
    const uids = (s: string) => [...s.matchAll(/^UID:(.*)$/gm)].map((m) => m[1]).sort();
    expect(uids(again.text)).toEqual(uids(ics));
  });

  it('exports the host’s own all-day events as dates in Oslo time with an exclusive end', async () => {
    const { agent, link } = await hostWithCalendar();
    // Oslo midnight 25 January to Oslo midnight 27 January: two whole days.
    await agent.post('/api/events').send({ title: 'Hyttetur', startTime: '2027-01-24T23:00:00Z', endTime: '2027-01-26T23:00:00Z', allDay: true }).expect(201);
    // No end: the one day it starts on.
    await agent.post('/api/events').send({ title: 'Vask', startTime: '2027-02-02T23:00:00Z', allDay: true }).expect(201);
    const ics = (await request(t.server).get(pathOf(link)).expect(200)).text;
    expect(ics).toContain('DTSTART;VALUE=DATE:20270125\r\nDTEND;VALUE=DATE:20270127');
    expect(ics).toContain('DTSTART;VALUE=DATE:20270203\r\nDTEND;VALUE=DATE:20270204');
    if (pythonIcalendar) {
      expect(parseWithPython(ics)).toEqual(expect.arrayContaining([
        expect.objectContaining({ summary: 'Hyttetur', start: '2027-01-25', end: '2027-01-27', allDay: true }),
        expect.objectContaining({ summary: 'Vask', start: '2027-02-03', end: '2027-02-04', allDay: true }),
      ]));
    }
  });

  it('raises a booking’s SEQUENCE when its dates change at the source, which never raises its own', async () => {
    const { agent, user, link } = await hostWithCalendar();
    const feedPath = `/sub-${user.id}.ics`;
    const sequenceOf = (ics: string) => {
      const booking = new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents('vevent').find((c) => c.getFirstPropertyValue('uid')?.toString().includes('stay-1@airbnb.com'))!;
      return Number(booking.getFirstPropertyValue('sequence'));
    };
    const feedId = (await agent.get('/api/ical-feeds').expect(200)).body[0].id;
    const before = sequenceOf((await request(t.server).get(pathOf(link)).expect(200)).text);

    // An identical re-sync changes nothing; moved dates (same UID, SEQUENCE still 0 at the source) raise ours.
    await agent.post(`/api/ical-feeds/${feedId}/sync`).expect(200);
    expect(sequenceOf((await request(t.server).get(pathOf(link)).expect(200)).text)).toBe(before);
    feeds.serve(feedPath, stays({ uid: 'stay-1@airbnb.com', start: '2027-01-11', end: '2027-01-16' }));
    await agent.post(`/api/ical-feeds/${feedId}/sync`).expect(200);
    const moved = (await request(t.server).get(pathOf(link)).expect(200)).text;
    expect(moved).toContain('DTSTART;VALUE=DATE:20270111');
    expect(sequenceOf(moved)).toBe(before + 1);
  });

  it('gives a renamed host a new ETag (the name is the calendar’s title)', async () => {
    const { agent, user, link } = await hostWithCalendar();
    const etag = (await request(t.server).get(pathOf(link)).expect(200)).headers.etag;
    await agent.put('/api/user/profile').send({ name: 'Nytt Navn', email: user.email }).expect(200);
    const renamed = await request(t.server).get(pathOf(link)).set('If-None-Match', etag).expect(200);
    expect(renamed.text).toContain('X-WR-CALNAME:Kalender – Nytt Navn');
  });

  it('sends the feed gzipped to clients that accept it, with the same validators', async () => {
    const { link } = await hostWithCalendar();
    const plain = await request(t.server).get(pathOf(link)).set('Accept-Encoding', 'identity').expect(200);
    const gzipped = await request(t.server).get(pathOf(link)).set('Accept-Encoding', 'gzip').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.text).toBe(plain.text);
    expect(gzipped.headers.etag).toBe(plain.headers.etag);
  });

  it('answers 304 to If-None-Match and If-Modified-Since, and a change makes a new ETag', async () => {
    const { agent, link } = await hostWithCalendar();
    const first = await request(t.server).get(pathOf(link)).expect(200);
    const etag = first.headers.etag;
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers['last-modified']).toBeDefined();
    const cached = await request(t.server).get(pathOf(link)).set('If-None-Match', etag).expect(304);
    expect(cached.text).toBeFalsy();
    await request(t.server).get(pathOf(link)).set('If-Modified-Since', first.headers['last-modified']).expect(304);
    await agent.post('/api/events').send({ title: 'Ny', startTime: '2027-02-01T10:00:00Z' }).expect(201);
    const changed = await request(t.server).get(pathOf(link)).set('If-None-Match', etag).expect(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('renders once per change, not once per request: concurrent full GETs share one render, a change renders anew', async () => {
    const { agent, link } = await hostWithCalendar();
    const renders = jest.spyOn(t.app.get(SubscriptionService), 'render');
    try {
      const answers = await Promise.all(Array.from({ length: 8 }, () => request(t.server).get(pathOf(link)).expect(200)));
      expect(new Set(answers.map((a) => a.text)).size).toBe(1);
      expect(new Set(answers.map((a) => a.headers.etag)).size).toBe(1);
      expect(renders).toHaveBeenCalledTimes(1);
      await request(t.server).get(pathOf(link)).expect(200);
      expect(renders).toHaveBeenCalledTimes(1);

      await agent.post('/api/events').send({ title: 'Etter endringen', startTime: '2027-02-01T10:00:00Z' }).expect(201);
      const changed = await request(t.server).get(pathOf(link)).expect(200);
      expect(changed.headers.etag).not.toBe(answers[0].headers.etag);
      expect(changed.text).toContain('SUMMARY:Etter endringen');
      expect(renders).toHaveBeenCalledTimes(2);
    } finally {
      renders.mockRestore();
    }
  });

  it('moves Last-Modified when an event or a marked day is deleted, so If-Modified-Since alone sees it', async () => {
    const { agent, link } = await hostWithCalendar();
    const event = (await agent.post('/api/events').send({ title: 'Slettes', startTime: '2027-03-01T10:00:00Z' }).expect(201)).body;
    const day = (await agent.post('/api/marked-days').send({ date: '2027-03-05', markerType: 'busy' }).expect(201)).body;
    const stamp = (res: request.Response) => Date.parse(res.headers['last-modified']);
    const first = await request(t.server).get(pathOf(link)).expect(200);
    await request(t.server).get(pathOf(link)).set('If-Modified-Since', first.headers['last-modified']).expect(304);

    await agent.delete(`/api/events/${event.id}`).expect(200);
    const afterEvent = await request(t.server).get(pathOf(link)).set('If-Modified-Since', first.headers['last-modified']).expect(200);
    expect(afterEvent.text).not.toContain('Slettes');
    expect(stamp(afterEvent)).toBeGreaterThan(stamp(first));
    // Unchanged since: the new Last-Modified holds, and is a 304 again.
    const again = await request(t.server).get(pathOf(link)).set('If-Modified-Since', afterEvent.headers['last-modified']).expect(304);
    expect(again.headers['last-modified']).toBe(afterEvent.headers['last-modified']);

    await agent.delete(`/api/marked-days/${day.id}`).expect(200);
    const afterDay = await request(t.server).get(pathOf(link)).set('If-Modified-Since', afterEvent.headers['last-modified']).expect(200);
    expect(afterDay.text).not.toContain('2027-03-05'.replace(/-/g, ''));
    expect(stamp(afterDay)).toBeGreaterThan(stamp(afterEvent));
  });

  it('decides freshness as an origin (RFC 9110 §13.2.2): If-None-Match wins over If-Modified-Since, whatever Cache-Control says', async () => {
    const { agent, link } = await hostWithCalendar();
    const first = await request(t.server).get(pathOf(link)).expect(200);
    await agent.post('/api/events').send({ title: 'Ny', startTime: '2027-02-01T10:00:00Z' }).expect(201);
    // A stale ETag is a full answer even with an If-Modified-Since in the future.
    await request(t.server).get(pathOf(link)).set('If-None-Match', first.headers.etag).set('If-Modified-Since', new Date(Date.now() + 86_400_000).toUTCString()).expect(200);
    const current = await request(t.server).get(pathOf(link)).expect(200);
    await request(t.server).get(pathOf(link)).set('If-None-Match', `W/${current.headers.etag}`).expect(304);
    await request(t.server).get(pathOf(link)).set('If-None-Match', `"other", W/${current.headers.etag}`).expect(304);
    await request(t.server).get(pathOf(link)).set('If-None-Match', '*').expect(304);
    await request(t.server).get(pathOf(link)).set('If-None-Match', `"other", ${first.headers.etag}`).expect(200);
    // no-cache asks caches to revalidate; the origin still answers the precondition.
    await request(t.server).get(pathOf(link)).set('If-None-Match', current.headers.etag).set('Cache-Control', 'no-cache').set('Pragma', 'no-cache').expect(304);
    await request(t.server).get(pathOf(link)).set('If-Modified-Since', current.headers['last-modified']).set('Cache-Control', 'no-cache').expect(304);
  });

  it('answers 304 to a revalidation by Node\'s fetch, which adds Cache-Control: no-cache to it', async () => {
    const { link } = await hostWithCalendar();
    const url = `http://127.0.0.1:${await listen(t)}${pathOf(link)}`;
    const first = await fetch(url);
    expect(first.status).toBe(200);
    await first.text();
    const etag = first.headers.get('etag')!;
    // What this fetch adds to a conditional request, seen by a bare loopback server
    const echo = http.createServer((req, res) => res.end(String(req.headers['cache-control'])));
    await new Promise<void>((ok) => echo.listen(0, '127.0.0.1', ok));
    const added = await (await fetch(`http://127.0.0.1:${(echo.address() as AddressInfo).port}/`, { headers: { 'If-None-Match': etag } })).text();
    await new Promise((ok) => echo.close(ok));
    expect(added).toBe('no-cache');
    const again = await fetch(url, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    const bySince = await fetch(url, { headers: { 'If-Modified-Since': first.headers.get('last-modified')! } });
    expect(bySince.status).toBe(304);
    const stale = await fetch(url, { headers: { 'If-None-Match': '"stale"' } });
    expect(stale.status).toBe(200);
    expect(await stale.text()).toContain('BEGIN:VCALENDAR');
  });

  it('exports the bookings of every external source: one a Beds24 pull stored shows, and changes the ETag', async () => {
    const { user, link } = await hostWithCalendar();
    const first = await request(t.server).get(pathOf(link)).expect(200);
    const booking = { externalUid: '4711', startTime: new Date('2027-01-22T23:00:00Z'), endsAt: new Date('2027-01-24T23:00:00Z'), allDay: true, startDate: '2027-01-23', endDate: '2027-01-25', summary: '', description: null, location: null, status: 'confirmed', kind: 'guest', sequence: 0 };
    await t.app.get(ExternalBookingsService).applyPull({ source: { kind: 'beds24', id: 42, userId: user.id, propertyId: (await t.propertyOf(user)).id }, complete: false, bookings: [booking], now: new Date(), emptyPullsBefore: 0 });
    const changed = await request(t.server).get(pathOf(link)).set('If-None-Match', first.headers.etag).expect(200);
    expect(changed.headers.etag).not.toBe(first.headers.etag);
    const vevents = new ICAL.Component(ICAL.parse(changed.text)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    const beds24 = vevents.find((e) => e.uid === 'beds24-42-4711');
    expect(beds24).toBeDefined();
    expect([beds24!.summary, beds24!.startDate.toString(), beds24!.endDate.toString()]).toEqual(['Beds24', '2027-01-23', '2027-01-25']);
    expect(vevents.map((e) => e.uid)).toContain('ical-' + (await t.app.get(DataSource).query(`SELECT id FROM ical_feeds WHERE user_id = $1`, [user.id]))[0].id + '-stay-1@airbnb.com');
  });

  it('reveals nothing without the right token, and renewing retires the old link', async () => {
    const { agent, user, link } = await hostWithCalendar();
    const missing = await request(t.server).get(`/api/ical/${user.id}`).expect(404);
    const wrong = await request(t.server).get(`/api/ical/${user.id}?token=guess`).expect(404);
    const nobody = await request(t.server).get(`/api/ical/999999?token=guess`).expect(404);
    expect(missing.body).toEqual(wrong.body);
    expect(nobody.body).toEqual(wrong.body);
    expect(JSON.stringify(wrong.body)).not.toContain(user.name);
    // The link is stable until renewed.
    expect((await agent.get('/api/user/calendar-link')).body.url).toBe(link);
    const renewed = (await agent.post('/api/user/calendar-link/renew').expect(200)).body.url;
    expect(renewed).not.toBe(link);
    await request(t.server).get(pathOf(link)).expect(404);
    await request(t.server).get(pathOf(renewed)).expect(200);
  });

  it('lets an admin copy and renew a user’s link; the token is stored only hashed and sealed', async () => {
    const { user, link } = await hostWithCalendar();
    const { agent: admin } = await t.loginAs('admin');
    expect((await admin.get(`/api/admin/users/${user.id}/calendar-link`).expect(200)).body.url).toBe(link);
    const renewed = (await admin.post(`/api/admin/users/${user.id}/calendar-link/renew`).expect(200)).body.url;
    await request(t.server).get(pathOf(link)).expect(404);
    await request(t.server).get(pathOf(renewed)).expect(200);
    const token = new URL(renewed).searchParams.get('token')!;
    const [row] = await t.app.get(DataSource).query('SELECT calendar_token_hash, calendar_token_sealed FROM users WHERE id = $1', [user.id]);
    expect(row.calendar_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.calendar_token_hash).not.toContain(token);
    expect(row.calendar_token_sealed).not.toContain(token);
  });

  it('exports the logged-in user’s calendar as a download', async () => {
    const { agent } = await hostWithCalendar();
    const res = await agent
      .get('/api/calendar/export-ical')
      .buffer(true)
      .parse((r, done) => {
        let text = '';
        r.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        r.on('end', () => done(null, text));
      })
      .expect(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/attachment/);
    expect(res.body).toContain('BEGIN:VCALENDAR');
    expect(res.body).toContain('SUMMARY:Reserved');
  });
});
