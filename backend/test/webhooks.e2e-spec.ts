import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { Webhook } from 'standardwebhooks';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../src/config/app-config';
import { ScheduledJobs } from '../src/jobs/scheduled-jobs.service';
import { WebhookDelivery } from '../src/webhooks/webhook-delivery.entity';
import { WEBHOOK_RETRY_JOB, WebhookSender } from '../src/webhooks/webhook-sender.service';
import { TEST_NOW, TestApp } from './helpers/test-app';
import { waitFor } from './helpers/wait-for';

/** Every line of the app's JSON log. */
class LogCapture extends Writable {
  readonly lines: string[] = [];
  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    this.lines.push(chunk.toString());
    done();
  }
}

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

type Mode = 'ok' | 'fail' | 'redirect' | 'slow';

/** A webhook receiver on 127.0.0.1: answers as `mode` says and keeps every request. */
class Receiver {
  mode: Mode = 'ok';
  readonly received: Received[] = [];
  private readonly server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      this.received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString() });
      if (this.mode === 'ok') return res.writeHead(204).end();
      if (this.mode === 'fail') return res.writeHead(500).end('down');
      if (this.mode === 'redirect') return res.writeHead(302, { Location: '/elsewhere' }).end();
      setTimeout(() => res.writeHead(204).end(), 3000); // slow: past the 1 s time-out
    });
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  at(path: string): Received[] {
    return this.received.filter((r) => r.path === path);
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

describe('webhooks', () => {
  let t: TestApp;
  let base: string;
  const receiver = new Receiver();
  const log = new LogCapture();
  const secrets: string[] = [];
  let admin: Awaited<ReturnType<TestApp['loginAs']>>['agent'];

  beforeAll(async () => {
    base = await receiver.start();
    t = await TestApp.start({ ALLOW_PRIVATE_WEBHOOK_HOSTS: 'true', WEBHOOK_TIMEOUT_SECONDS: '1', LOG_LEVEL: 'debug' }, { logDestination: log });
    admin = (await t.loginAs('admin')).agent;
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });
  beforeEach(() => {
    receiver.mode = 'ok';
    t.clock.set(TEST_NOW);
  });

  const drained = () => t.app.get(WebhookSender).whenDrained();
  const config = () => t.app.get<AppConfig>(APP_CONFIG);

  async function create(path: string, events: string[]): Promise<{ id: number; secret: string }> {
    const res = await admin.post('/api/admin/webhooks').send({ url: `${base}${path}`, events, description: `Mottak ${path}` }).expect(201);
    secrets.push(res.body.secret);
    return res.body;
  }

  /** Checks a delivery's signature with the specification's own library and answers its body. */
  function verified(r: Received, secret: string): { type: string; timestamp: string; data: Record<string, unknown> } {
    return new Webhook(secret).verify(r.body, { 'webhook-id': String(r.headers['webhook-id']), 'webhook-timestamp': String(r.headers['webhook-timestamp']), 'webhook-signature': String(r.headers['webhook-signature']) }) as never;
  }

  const deliveries = async (id: number) => (await admin.get(`/api/admin/webhooks/${id}/deliveries`).expect(200)).body;

  it('refuses unknown events and addresses outside the rules with a code, storing nothing', async () => {
    const refused = async (body: object, code: string) => expect((await admin.post('/api/admin/webhooks').send(body).expect(400)).body.code).toBe(code);
    await refused({ url: `${base}/x`, events: ['booking.created', 'booking.exploded'] }, 'webhook_event_unknown');
    await refused({ url: 'ikke en adresse', events: ['booking.created'] }, 'webhook_url_invalid');
    await refused({ url: 'ftp://127.0.0.1/x', events: ['booking.created'] }, 'webhook_url_not_https');
    // The address rule is the feeds' (test resolver: 'localhost' is 127.0.0.1, every other name unknown); no connection is made.
    config().webhooks.allowPrivateHosts = false;
    try {
      await refused({ url: `${base}/x`, events: ['booking.created'] }, 'webhook_url_not_https');
      await refused({ url: 'https://localhost/hook', events: ['booking.created'] }, 'webhook_url_private');
      await refused({ url: 'https://10.1.2.3/hook', events: ['booking.created'] }, 'webhook_url_private');
      await refused({ url: 'https://[::1]/hook', events: ['booking.created'] }, 'webhook_url_private');
      await refused({ url: 'https://hooks.example.com/x', events: ['booking.created'] }, 'webhook_url_unresolvable');
    } finally {
      config().webhooks.allowPrivateHosts = true;
    }
    expect((await admin.get('/api/admin/webhooks').expect(200)).body).toEqual([]);
    expect(receiver.received).toEqual([]);
  });

  it('is for admins alone', async () => {
    const { agent: mini } = await t.loginAs('miniAdmin');
    const { agent: owner } = await t.loginAs('user');
    await mini.get('/api/admin/webhooks').expect(403);
    await owner.post('/api/admin/webhooks').send({ url: `${base}/x`, events: ['event.created'] }).expect(403);
  });

  it('shows the secret once, and sends a calendar event and a new case signed, with the API answers as data', async () => {
    const hook = await create('/main', ['event.created', 'case.created']);
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const listed = (await admin.get('/api/admin/webhooks').expect(200)).body;
    expect(listed).toEqual([expect.objectContaining({ id: hook.id, events: ['event.created', 'case.created'], enabled: true, description: 'Mottak /main' })]);
    expect(JSON.stringify(listed)).not.toContain(hook.secret);
    expect(JSON.stringify((await admin.get(`/api/admin/webhooks/${hook.id}`).expect(200)).body)).not.toContain('whsec_');

    const { agent: owner } = await t.loginAs('user');
    const event = (await owner.post('/api/events').send({ title: 'Hyttetur', startTime: '2026-07-10T10:00:00Z', endTime: '2026-07-12T10:00:00Z' }).expect(201)).body;
    const kase = (await owner.post('/api/cases').send({ title: 'Nøkkel', category: 'account', message: 'Hvor er nøkkelen?' }).expect(201)).body;
    await drained();

    expect(receiver.at('/main')).toHaveLength(2);
    // Sent by two jobs, which may arrive in either order.
    const typeOf = (r: Received) => (JSON.parse(r.body) as { type: string }).type;
    const first = receiver.at('/main').find((r) => typeOf(r) === 'event.created')!;
    const second = receiver.at('/main').find((r) => typeOf(r) === 'case.created')!;
    const sent = verified(first, hook.secret);
    expect(sent).toEqual({ type: 'event.created', timestamp: TEST_NOW.toISOString(), data: event });
    expect(first.headers['content-type']).toBe('application/json');
    expect(first.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
    const opened = verified(second, hook.secret);
    expect(opened.type).toBe('case.created');
    expect(opened.data).toMatchObject({ id: kase.id, caseNumber: kase.caseNumber, title: 'Nøkkel', message: expect.objectContaining({ message: 'Hvor er nøkkelen?' }) });
    // Another secret does not verify it.
    expect(() => verified(first, `whsec_${Buffer.alloc(24, 7).toString('base64')}`)).toThrow();

    const log = await deliveries(hook.id);
    expect(log).toEqual([
      expect.objectContaining({ eventType: 'case.created', status: 'succeeded', attempts: 1, lastResponseStatus: 204, nextAttemptAt: null, lastError: null }),
      expect.objectContaining({ eventType: 'event.created', status: 'succeeded', attempts: 1, lastResponseStatus: 204, messageId: first.headers['webhook-id'] }),
    ]);
    expect(log[0].lastDurationMs).toEqual(expect.any(Number));

    // An event it did not subscribe to is not sent.
    await owner.put(`/api/events/${event.id}`).send({ title: 'Hyttetur 2' }).expect(200);
    await drained();
    expect(receiver.at('/main')).toHaveLength(2);
  });

  it('retries a failed delivery on the schedule, with the same message id, and sends one again on request', async () => {
    const hook = await create('/flaky', ['event.created']);
    receiver.mode = 'fail';
    const test = (await admin.post(`/api/admin/webhooks/${hook.id}/test`).expect(202)).body;
    expect(test).toMatchObject({ eventType: 'webhook.test', status: 'pending' });
    await drained();
    let [delivery] = await deliveries(hook.id);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, lastResponseStatus: 500, lastError: 'HTTP 500', nextAttemptAt: new Date(TEST_NOW.getTime() + 5000).toISOString() });

    // Not due yet: the tick sends nothing.
    await t.app.get(ScheduledJobs).runNow(WEBHOOK_RETRY_JOB);
    await drained();
    expect(receiver.at('/flaky')).toHaveLength(1);

    receiver.mode = 'ok';
    t.clock.advance(5000);
    await t.app.get(ScheduledJobs).runNow(WEBHOOK_RETRY_JOB);
    await drained();
    [delivery] = await deliveries(hook.id);
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 2, lastResponseStatus: 204, nextAttemptAt: null });
    const [a, b] = receiver.at('/flaky');
    expect(b.headers['webhook-id']).toBe(a.headers['webhook-id']);
    expect(verified(b, hook.secret)).toMatchObject({ type: 'webhook.test', data: { webhookId: hook.id } });

    await admin.post(`/api/admin/webhooks/${hook.id}/deliveries/${delivery.id}/redeliver`).expect(202);
    await drained();
    expect(receiver.at('/flaky')).toHaveLength(3);
    expect(receiver.at('/flaky')[2].headers['webhook-id']).toBe(a.headers['webhook-id']);
    expect((await deliveries(hook.id))[0]).toMatchObject({ status: 'succeeded', attempts: 3 });
    await admin.post(`/api/admin/webhooks/${hook.id}/deliveries/999999/redeliver`).expect(404);
  });

  it('gives up after the last retry, about 27.5 hours after the first attempt', async () => {
    const hook = await create('/down', ['event.created']);
    receiver.mode = 'fail';
    await admin.post(`/api/admin/webhooks/${hook.id}/test`).expect(202);
    await drained();
    const waits = [5, 300, 1800, 7200, 18000, 36000, 36000];
    for (const seconds of waits) {
      t.clock.advance(seconds * 1000);
      await t.app.get(ScheduledJobs).runNow(WEBHOOK_RETRY_JOB);
      await drained();
    }
    // At least once: on a loaded machine an attempt has been seen to arrive twice (docs/product/webhooks.md#not-yet).
    expect(receiver.at('/down').length).toBeGreaterThanOrEqual(8);
    const given = (await deliveries(hook.id))[0];
    expect(given).toMatchObject({ status: 'failed', nextAttemptAt: null, lastResponseStatus: 500 });
    expect(given.attempts).toBeGreaterThanOrEqual(8);
    // Finished deliveries leave the log after 30 days (read from the table: a session idle that long has ended).
    const logged = () => t.app.get(DataSource).getRepository(WebhookDelivery).countBy({ endpointId: hook.id });
    t.clock.set(new Date(TEST_NOW.getTime() + 30 * 24 * 3600_000 - 60_000));
    await t.app.get(ScheduledJobs).runNow(WEBHOOK_RETRY_JOB);
    expect(await logged()).toBe(1);
    t.clock.advance(120_000);
    await t.app.get(ScheduledJobs).runNow(WEBHOOK_RETRY_JOB);
    expect(await logged()).toBe(0);
    t.clock.set(TEST_NOW);
    await admin.delete(`/api/admin/webhooks/${hook.id}`).expect(200);
  });

  it('counts a redirect as a failure without following it, and a receiver that does not answer in time', async () => {
    const hook = await create('/moved', ['event.created']);
    receiver.mode = 'redirect';
    await admin.post(`/api/admin/webhooks/${hook.id}/test`).expect(202);
    await drained();
    expect((await deliveries(hook.id))[0]).toMatchObject({ status: 'pending', lastResponseStatus: 302, lastError: 'HTTP 302 (redirects are not followed)' });
    expect(receiver.at('/elsewhere')).toEqual([]);

    receiver.mode = 'slow';
    await admin.post(`/api/admin/webhooks/${hook.id}/test`).expect(202);
    await drained();
    const [slow] = await deliveries(hook.id);
    expect(slow).toMatchObject({ status: 'pending', attempts: 1, lastResponseStatus: null, lastError: 'timed out after 1000 ms' });
    expect(slow.lastDurationMs).toBeLessThan(2500);
    await admin.delete(`/api/admin/webhooks/${hook.id}`).expect(200);
  });

  it('checks the address rule again when it sends', async () => {
    const hook = await create('/later', ['event.created']);
    config().webhooks.allowPrivateHosts = false;
    try {
      await admin.post(`/api/admin/webhooks/${hook.id}/test`).expect(202);
      await drained();
    } finally {
      config().webhooks.allowPrivateHosts = true;
    }
    expect(receiver.at('/later')).toEqual([]);
    expect((await deliveries(hook.id))[0]).toMatchObject({ status: 'pending', lastResponseStatus: null, lastError: expect.stringContaining('address not allowed') });
    await admin.delete(`/api/admin/webhooks/${hook.id}`).expect(200);
  });

  it('turns off an endpoint failing for 3 days and tells the admins', async () => {
    const hook = await create('/gone', ['event.created']);
    receiver.mode = 'fail';
    await admin.post(`/api/admin/webhooks/${hook.id}/test`).expect(202);
    await drained();
    t.clock.advance(3 * 24 * 3600_000 - 60_000);
    await admin.post(`/api/admin/webhooks/${hook.id}/test`).expect(202);
    await drained();
    expect((await admin.get(`/api/admin/webhooks/${hook.id}`).expect(200)).body).toMatchObject({ enabled: true, failingSince: TEST_NOW.toISOString() });

    t.clock.advance(60_000);
    await admin.post(`/api/admin/webhooks/${hook.id}/test`).expect(202);
    await drained();
    expect((await admin.get(`/api/admin/webhooks/${hook.id}`).expect(200)).body).toMatchObject({ enabled: false, disabledReason: 'failing' });
    expect((await deliveries(hook.id)).every((d: { status: string }) => d.status === 'failed')).toBe(true);
    const told = await waitFor(async () => (await admin.get('/api/notifications').expect(200)).body.notifications.find((n: { type: string }) => n.type === 'webhook_disabled'), 'the notification');
    expect(told).toMatchObject({ link: '/admin/system', message: expect.stringContaining('127.0.0.1') });

    // Turned on again by staff: a new start.
    receiver.mode = 'ok';
    const on = (await admin.patch(`/api/admin/webhooks/${hook.id}`).send({ enabled: true, events: ['event.created', 'event.deleted'] }).expect(200)).body;
    expect(on).toMatchObject({ enabled: true, disabledReason: null, failingSince: null, events: ['event.created', 'event.deleted'] });
    await admin.patch(`/api/admin/webhooks/${hook.id}`).send({ events: ['nope'] }).expect(400);
  });

  it('rotates a secret: the new one signs from then on', async () => {
    const hook = await create('/rotated', ['event.created']);
    const rotated = (await admin.post(`/api/admin/webhooks/${hook.id}/rotate-secret`).expect(200)).body;
    secrets.push(rotated.secret);
    expect(rotated.secret).not.toBe(hook.secret);
    await admin.post(`/api/admin/webhooks/${hook.id}/test`).expect(202);
    await drained();
    const [r] = receiver.at('/rotated');
    expect(verified(r, rotated.secret).type).toBe('webhook.test');
    expect(() => verified(r, hook.secret)).toThrow();
  });

  it('writes no secret to the log', () => {
    expect(secrets.length).toBeGreaterThan(3);
    expect(log.lines.length).toBeGreaterThan(0);
    for (const secret of secrets) expect(log.lines.some((l) => l.includes(secret) || l.includes(secret.slice('whsec_'.length)))).toBe(false);
    expect(log.lines.some((l) => l.includes('whsec_'))).toBe(false);
  });
});
