import { FeedServer } from './helpers/feed-server';
import { TestApp } from './helpers/test-app';

const CALENDAR = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\nBEGIN:VEVENT\r\nUID:a@x\r\nDTSTART;VALUE=DATE:20270115\r\nDTEND;VALUE=DATE:20270116\r\nSUMMARY:Reserved\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n';

/** Staff find the failing sources in the back office's feeds list (docs/product/feeds.md#screens): `failing` filters it. */
describe('failing sources in the back office', () => {
  let t: TestApp;
  let feeds: FeedServer;
  beforeAll(async () => {
    feeds = await new FeedServer().start();
    t = await TestApp.start({ ALLOW_PRIVATE_FEED_HOSTS: 'true', FEED_TIMEOUT_SECONDS: '1' });
  });
  afterAll(async () => {
    await t.close();
    await feeds.stop();
  });

  it('filters the feeds list by failing (enabled, last sync failed), with the last error and its code', async () => {
    const { agent: mini } = await t.loginAs('miniAdmin');
    const { agent: owner } = await t.loginAs('user');
    const good = (await owner.post('/api/ical-feeds').send({ name: 'Virker', url: feeds.serve('/good.ics', CALENDAR) }).expect(201)).body;
    const bad = (await owner.post('/api/ical-feeds').send({ name: 'Feiler', url: feeds.serve('/gone.ics', 'Not here', 'text/plain', 404) }).expect(201)).body;
    await t.jobsDone();
    await owner.post(`/api/ical-feeds/${good.id}/sync`).expect(200);
    await owner.post(`/api/ical-feeds/${bad.id}/sync`).expect(200);

    const ids = (rows: { id: number }[]) => rows.map((r) => r.id).filter((id) => id === good.id || id === bad.id);
    const failing = (await mini.get('/api/admin/all-ical-feeds').query({ filter: JSON.stringify({ failing: true }) }).expect(200)).body;
    expect(ids(failing)).toEqual([bad.id]);
    expect(failing.find((f: { id: number }) => f.id === bad.id)).toMatchObject({ lastError: expect.stringContaining('404'), lastErrorCode: expect.any(String) });
    const working = (await mini.get('/api/admin/all-ical-feeds').query({ filter: JSON.stringify({ failing: false }) }).expect(200)).body;
    expect(ids(working)).toEqual([good.id]);

    // A feed switched off is not failing: nobody waits for it.
    await owner.put(`/api/ical-feeds/${bad.id}`).send({ enabled: false }).expect(200);
    expect(ids((await mini.get('/api/admin/all-ical-feeds').query({ filter: JSON.stringify({ failing: true }) }).expect(200)).body)).toEqual([]);
  });
});
