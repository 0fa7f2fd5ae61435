import { DataSource } from 'typeorm';
import { TestApp } from './helpers/test-app';

describe('scheduled jobs', () => {
  let t: TestApp;
  beforeAll(async () => (t = await TestApp.start()));
  afterAll(() => t.close());

  it('lists the declared jobs and records a run: session cleanup removes expired sessions', async () => {
    const { agent: admin } = await t.loginAs('admin');
    const db = t.app.get(DataSource);
    const user = await t.createUser('user');
    await db.query(`INSERT INTO session (sid, sess, expire, user_id) VALUES ('old-1', '{}', now() - interval '1 day', $1), ('old-2', '{}', now() - interval '1 hour', $1)`, [user.id]);

    const before = (await admin.get('/api/admin/jobs').expect(200)).body;
    expect(before.map((j: { id: string }) => j.id).sort()).toEqual(['feed-sync-tick', 'session-cleanup']);

    const run = (await admin.post('/api/admin/jobs/session-cleanup/run').expect(200)).body;
    expect(run).toMatchObject({ id: 'session-cleanup', lastError: null, lastResult: { removed: 2 }, runCount: 1 });
    expect(run.lastDurationMs).toEqual(expect.any(Number));
    expect((await db.query(`SELECT count(*)::int AS n FROM session WHERE sid LIKE 'old-%'`))[0].n).toBe(0);
    // The admin's own live session survives.
    await admin.get('/api/user').expect(200);
    await admin.post('/api/admin/jobs/no-such-job/run').expect(404);
  });
});
