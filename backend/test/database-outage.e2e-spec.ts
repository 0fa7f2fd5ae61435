import pg from 'pg';
import request from 'supertest';
import { NotificationsService } from '../src/notifications/notifications.service';
import { TestApp } from './helpers/test-app';
import { listen, socketOf } from './helpers/ws-client';

/**
 * The database going away under a running app (docs/operations.md, Database outages): requests answer 503
 * `database_unavailable`, never 500; the readiness check says so; everything resumes by itself, LISTEN/NOTIFY too.
 * PostgreSQL only: the test's own database refuses connections and its sessions are terminated; the server itself is
 * shared and is never restarted here (the cluster test restarts a server of its own: e2e/cluster).
 */
const url = process.env.DATABASE_URL;
const describeOnPostgres = url ? describe : describe.skip;

describeOnPostgres('a lost database', () => {
  let t: TestApp;
  let admin: pg.Client;
  const name = url ? decodeURIComponent(new URL(url).pathname.slice(1)) : '';
  const ident = `"${name.replace(/"/g, '""')}"`;

  beforeAll(async () => {
    t = await TestApp.start();
    const server = new URL(url!);
    server.pathname = '/postgres';
    admin = new pg.Client({ connectionString: server.toString() });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.query(`ALTER DATABASE ${ident} ALLOW_CONNECTIONS true`).catch(() => undefined);
    await admin.end();
    await t.close();
  });

  async function cutOff() {
    await admin.query(`ALTER DATABASE ${ident} ALLOW_CONNECTIONS false`);
    await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
  }

  it('answers 503 database_unavailable while it is gone, and is ready again within 5 s of its return', async () => {
    const { agent, user } = await t.loginAs('user');
    const port = await listen(t);
    const socket = await socketOf(t, user, port);
    await cutOff();
    const answers = await Promise.all([
      agent.get('/api/events?startDate=2027-01-01&endDate=2027-02-01'),
      agent.post('/api/events').send({ title: 'Under utfallet', startTime: '2027-01-10T10:00:00Z', endTime: '2027-01-10T11:00:00Z' }),
      agent.get('/api/user'),
      request(t.server).post('/api/login').send({ username: user.username, password: 'feil-passord' }),
    ]);
    for (const res of answers) {
      expect({ status: res.status, code: res.body.code }).toEqual({ status: 503, code: 'database_unavailable' });
      expect(typeof res.body.message).toBe('string');
    }
    const ready = await request(t.server).get('/api/health/ready');
    expect({ status: ready.status, code: ready.body.code }).toEqual({ status: 503, code: 'not_ready' });
    await request(t.server).get('/api/health/live').expect(200);

    await admin.query(`ALTER DATABASE ${ident} ALLOW_CONNECTIONS true`);
    const back = Date.now();
    while ((await request(t.server).get('/api/health/ready')).status !== 200) {
      expect(Date.now() - back).toBeLessThan(5000);
      await new Promise((r) => setTimeout(r, 100));
    }
    await agent.get('/api/user').expect(200);
    // The write refused during the outage left nothing behind.
    const events = (await agent.get('/api/events?startDate=2027-01-01&endDate=2027-02-01').expect(200)).body as { title: string }[];
    expect(events.filter((e) => e.title === 'Under utfallet')).toEqual([]);

    // LISTEN/NOTIFY came back by itself: a notification stored now reaches the socket opened before the outage.
    const until = Date.now() + 10_000;
    let pushed = false;
    while (!pushed && Date.now() < until) {
      await t.app.get(NotificationsService).create({ userId: user.id, type: 'system', params: { text: 'Tilbake' } });
      pushed = await socket.next('notification', 1000).then(() => true, () => false);
    }
    expect(pushed).toBe(true);
    socket.ws.close();
  }, 60_000);
});
