import { FeedScheduler } from '../src/feeds/feed-scheduler.service';
import { Writable } from 'node:stream';
import request from 'supertest';
import { PASSWORD, TestApp } from './helpers/test-app';

/** Collects the JSON log lines an app writes (its LOG_LEVEL set to debug for the suite). */
class LogCapture extends Writable {
  readonly lines: string[] = [];
  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    this.lines.push(...chunk.toString().split('\n').filter(Boolean));
    done();
  }
  get records(): Record<string, unknown>[] {
    return this.lines.map((l) => JSON.parse(l));
  }
}

describe('GET /api/metrics', () => {
  let t: TestApp;
  beforeAll(async () => (t = await TestApp.start()));
  afterAll(() => t.close());

  it('answers a loopback caller that came through no proxy, in the Prometheus text format', async () => {
    const { agent } = await t.loginAs('user');
    await agent.put('/api/events/987654').send({ title: 'Finnes ikke' }).expect(404);
    await agent.get('/api/no-such-thing/987654').expect(404);
    await agent.get('/api/events?startDate=2027-01-01&endDate=2027-02-01').expect(200);
    const res = await request(t.server).get('/api/metrics').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    // Route patterns, never raw URLs: the id stays out of the label.
    expect(res.text).toMatch(/eierportal_http_requests_total\{method="PUT",route="\/api\/events\/:id",status="404"\} 1/);
    expect(res.text).toMatch(/eierportal_http_requests_total\{method="GET",route="\/api\/\(unmatched\)",status="404"\} 1/);
    expect(res.text).toMatch(/eierportal_http_request_duration_seconds_bucket\{le="[0-9.]+",method="GET",route="\/api\/events",status="200"\}/);
    expect(res.text).not.toContain('987654');
    for (const name of ['eierportal_ws_sockets_open', 'eierportal_notifications_pushed_total', 'eierportal_jobs_total', 'eierportal_job_queue_depth', 'eierportal_sync_outcomes_total', 'eierportal_process_resident_memory_bytes', 'eierportal_nodejs_heap_size_used_bytes']) {
      expect(res.text).toContain(`# TYPE ${name}`);
    }
    expect(res.text).toMatch(/eierportal_job_queue_depth\{queue="scheduled-job",state="ready"\} \d+/);
  });

  it('is hidden (404, error shape) from a caller that came through a proxy, and not in the OpenAPI document', async () => {
    const res = await request(t.server).get('/api/metrics').set('X-Forwarded-For', '203.0.113.7').expect(404);
    expect(res.body).toEqual({ code: 'not_found', message: expect.any(String) });
    const doc = (await request(t.server).get('/api/docs-json').expect(200)).body as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).not.toContain('/api/metrics');
  });
});

describe('GET /api/metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => (t = await TestApp.start({ METRICS_TOKEN: 'scrape-secret-1234' })));
  afterAll(() => t.close());

  it('answers the bearer token from anywhere and 401 to anyone else who is not local', async () => {
    await request(t.server).get('/api/metrics').set('X-Forwarded-For', '203.0.113.7').set('Authorization', 'Bearer scrape-secret-1234').expect(200);
    const refused = await request(t.server).get('/api/metrics').set('X-Forwarded-For', '203.0.113.7').expect(401);
    expect(refused.body).toEqual({ code: 'unauthorized', message: expect.any(String) });
    await request(t.server).get('/api/metrics').set('Authorization', 'Bearer wrong').expect(401);
    await request(t.server).get('/api/metrics').expect(200);
  });
});

describe('GET /api/metrics behind a proxy (TRUST_PROXY set)', () => {
  // A proxy on the same machine connects from loopback; one that adds no forwarding header looks like a local scraper.
  it('refuses a loopback connection without forwarding headers when no token is set (404)', async () => {
    const t = await TestApp.start({ TRUST_PROXY: 'loopback' });
    try {
      const res = await request(t.server).get('/api/metrics').expect(404);
      expect(res.body).toEqual({ code: 'not_found', message: expect.any(String) });
    } finally {
      await t.close();
    }
  });

  it('asks a loopback connection for the token (401) and answers it with the token', async () => {
    const t = await TestApp.start({ TRUST_PROXY: '1', METRICS_TOKEN: 'scrape-secret-1234' });
    try {
      const refused = await request(t.server).get('/api/metrics').expect(401);
      expect(refused.headers['www-authenticate']).toBe('Bearer');
      await request(t.server).get('/api/metrics').set('Authorization', 'Bearer scrape-secret-1234').expect(200);
    } finally {
      await t.close();
    }
  });
});

describe('the JSON log', () => {
  let t: TestApp;
  const log = new LogCapture();
  beforeAll(async () => (t = await TestApp.start({ LOG_LEVEL: 'debug' }, { logDestination: log })));
  afterAll(() => t.close());

  it('has one line per request with its id, answered in X-Request-Id, and carries it into the jobs the request sent', async () => {
    const mine = await request(t.server).get('/api/health/live').set('X-Request-Id', 'proxy-abc.123').expect(200);
    expect(mine.headers['x-request-id']).toBe('proxy-abc.123');
    const odd = await request(t.server).get('/api/health/live').set('X-Request-Id', 'a b <script>').expect(200);
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const line = log.records.find((r) => r.reqId === 'proxy-abc.123');
    expect(line).toMatchObject({ msg: 'request', req: { method: 'GET' }, route: '/api/health/live', res: { status: 200 }, ms: expect.any(Number) });

    const { agent } = await t.loginAs('user');
    const created = await agent.post('/api/ical-feeds').set('X-Request-Id', 'feed-create-1').send({ name: 'Hytta', url: 'http://127.0.0.1:9/cal.ics' }).expect(201);
    expect(created.headers['x-request-id']).toBe('feed-create-1');
    await t.jobsDone();
    const until = Date.now() + 5000;
    while (!log.records.some((r) => r.msg === 'job' && r.queue === 'feed-sync') && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(log.records.find((r) => r.msg === 'job' && r.queue === 'feed-sync')).toMatchObject({ reqId: 'feed-create-1', outcome: 'completed' });
  });

  it('logs a sync a person started at info, and the syncs a tick queues at debug', async () => {
    const { agent } = await t.loginAs('user');
    await agent.post('/api/ical-feeds').send({ name: 'Rutine', url: 'http://127.0.0.1:9/rutine.ics' }).expect(201);
    await t.jobsDone();
    const syncLines = () => log.records.filter((r) => r.msg === 'job' && r.queue === 'feed-sync');
    const before = syncLines().length;
    expect(syncLines().at(-1)).toMatchObject({ level: 30 });
    t.clock.advance(24 * 3600 * 1000);
    while ((await t.app.get(FeedScheduler).tick()) === null) await new Promise((r) => setTimeout(r, 50));
    await t.jobsDone();
    const until = Date.now() + 5000;
    while (syncLines().length === before && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    const routine = syncLines().slice(before);
    expect(routine.length).toBeGreaterThan(0);
    expect(routine.every((r) => r.level === 20)).toBe(true);
  });

  it('never holds a password, token, cookie, session id or query parameter', async () => {
    const admin = await t.createUser('admin');
    const user = await t.createUser('user', { password: 'gammelt-passord-77' });
    const signedIn = await request(t.server).post('/api/login').send({ username: user.username, password: 'gammelt-passord-77' }).expect(200);
    const cookie = String(signedIn.headers['set-cookie'][0]).split(';')[0];
    await request(t.server).post('/api/login').send({ username: user.username, password: 'feil-passord-99' }).expect(401);
    await request(t.server).put('/api/user/password').set('Cookie', cookie).send({ currentPassword: 'gammelt-passord-77', newPassword: 'nytt-passord-88' }).expect(200);
    const { agent: adminAgent } = await t.loginAs(admin);
    const link = (await adminAgent.post(`/api/admin/users/${user.id}/reset-password`).expect(200)).body.resetLink as string;
    const token = new URL(link).searchParams.get('token')!;
    await request(t.server).post('/api/reset-password').send({ token, newPassword: 'fra-lenken-66' }).expect(200);
    await request(t.server).post('/api/reset-password').send({ token, newPassword: 'igjen-lenken-55' }).expect(400);
    await request(t.server).get('/api/events?startDate=2027-01-01&endDate=2027-02-01&secretish=q-param-value-44').set('Cookie', cookie).set('Authorization', 'Bearer bearer-value-33');

    const text = log.lines.join('\n');
    const sid = decodeURIComponent(cookie.split('=')[1]);
    for (const secret of [PASSWORD, 'gammelt-passord-77', 'feil-passord-99', 'nytt-passord-88', 'fra-lenken-66', 'igjen-lenken-55', token, cookie, sid, sid.slice(2, 34), 'q-param-value-44', 'bearer-value-33', 'connect.sid', 'test-secret']) {
      expect({ secret, found: text.includes(secret) }).toEqual({ secret, found: false });
    }
    const resets = log.records.filter((r) => r.msg === 'request' && r.route === '/api/reset-password');
    expect(resets.map((r) => (r.res as { status: number }).status)).toEqual([200, 400]);
  });
});
