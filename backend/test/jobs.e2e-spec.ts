import { DataSource } from 'typeorm';
import { JobQueue } from '../src/jobs/job-queue.service';
import { SCHEDULED_JOB_QUEUE, ScheduledJobs } from '../src/jobs/scheduled-jobs.service';
import { TestApp } from './helpers/test-app';
import { waitFor } from './helpers/wait-for';

describe('scheduled jobs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start();
    // The jobs that run at start have run (through the queue) before the tests look.
    await t.jobsDone();
  });
  afterAll(() => t.close());

  it('lists the declared jobs and records a run: session cleanup removes expired sessions', async () => {
    const { agent: admin } = await t.loginAs('admin');
    const db = t.app.get(DataSource);
    const user = await t.createUser('user');
    const now = t.clock.now();
    await db.query(`INSERT INTO session (sid, sess, expire, user_id) VALUES ('old-1', '{}', $2::timestamptz - interval '1 day', $1), ('old-2', '{}', $2::timestamptz - interval '1 hour', $1)`, [user.id, now]);

    const before = (await admin.get('/api/admin/jobs').expect(200)).body;
    expect(before.map((j: { id: string }) => j.id).sort()).toEqual(['agreement-reminders', 'backup-daily', 'beds24-sync-tick', 'feed-sync-tick', 'notification-cleanup', 'planner-statistics', 'session-cleanup', 'webhook-retries']);
    const cleanup = before.find((j: { id: string }) => j.id === 'session-cleanup');
    expect(cleanup).toMatchObject({ schedule: '0 17 * * * *', runCount: 1, lastError: null }); // the run at start

    const run = (await admin.post('/api/admin/jobs/session-cleanup/run').expect(200)).body;
    expect(run).toMatchObject({ id: 'session-cleanup', lastError: null, lastResult: { removed: 2 }, runCount: 2 });
    expect(run.lastDurationMs).toEqual(expect.any(Number));
    expect((await db.query(`SELECT count(*)::int AS n FROM session WHERE sid LIKE 'old-%'`))[0].n).toBe(0);
    // The admin's own live session survives.
    await admin.get('/api/user').expect(200);
    await admin.post('/api/admin/jobs/no-such-job/run').expect(404);
  });

  it('a cron tick only enqueues: the worker runs the job once per singleton key and records it', async () => {
    const scheduled = t.app.get(ScheduledJobs);
    let runs = 0;
    let release!: () => void;
    const gate = new Promise<void>((ok) => (release = ok));
    scheduled.register({ id: 'probe', schedule: '0 0 3 1 1 *', run: async () => ((runs += 1), await gate, { runs }) });
    const first = await scheduled.enqueue('probe');
    expect(first).toEqual(expect.any(String));
    await waitFor(() => runs === 1, 'the worker to start the job', 20_000);
    // While it runs, one more may wait in the queue (stately); further ticks add nothing.
    const second = await scheduled.enqueue('probe');
    expect(second).toEqual(expect.any(String));
    expect(await scheduled.enqueue('probe')).toBeNull();
    release();
    await t.jobsDone();
    expect(runs).toBe(2);
    const status = (await scheduled.statuses()).find((s) => s.id === 'probe')!;
    expect(status).toMatchObject({ runCount: 2, lastError: null, lastResult: { runs: 2 } });
  });

  it('a timer tick runs a job only once the Clock has reached its due time', async () => {
    const scheduled = t.app.get(ScheduledJobs);
    let runs = 0;
    // Due every second by the wall clock; the app's Clock stands still at TEST_NOW.
    scheduled.register({ id: 'every-second', schedule: '* * * * * *', run: async () => ({ runs: (runs += 1) }) });
    await new Promise((r) => setTimeout(r, 2500));
    await t.jobsDone();
    expect(runs).toBe(0);
    // Time passes for the app: the next timer tick is due and runs it, once per tick.
    t.clock.advance(1000);
    await waitFor(() => runs >= 1, 'the tick the Clock made due', 20_000);
    await t.jobsDone();
    const after = runs;
    await new Promise((r) => setTimeout(r, 2500));
    await t.jobsDone();
    expect(runs).toBe(after);
  });

  it('records a failed run and leaves the job to pg-boss to retry with backoff', async () => {
    const scheduled = t.app.get(ScheduledJobs);
    scheduled.register({ id: 'failing', schedule: '0 0 3 1 1 *', run: async () => Promise.reject(new Error('mail server down')) });
    const id = await scheduled.enqueue('failing');
    const job = await waitFor(async () => (await t.app.get(JobQueue).jobs(SCHEDULED_JOB_QUEUE)).find((j) => j.id === id && j.state === 'retry'), 'the retry', 20_000);
    expect(job).toMatchObject({ retryLimit: 3, retryBackoff: true, singletonKey: 'failing' });
    expect(job!.startAfter.getTime()).toBeGreaterThan(Date.now()); // waits out its delay
    expect((await scheduled.statuses()).find((s) => s.id === 'failing')).toMatchObject({ runCount: 1, lastError: 'mail server down', lastSuccessAt: null });
  });
});

describe('a worker that dies mid-job', () => {
  let t: TestApp;
  // Supervision every second (production: every 20 s) keeps this test short; the lease itself is the real one.
  beforeAll(async () => (t = await TestApp.start({ JOB_SUPERVISE_SECONDS: '1' })));
  afterAll(() => t.close());

  it('has its job picked up again once its heartbeat stops', async () => {
    const queue = t.app.get(JobQueue);
    const boss = await queue.started();
    await queue.createQueue('lease-probe', { retryLimit: 2, retryDelay: 0, heartbeatSeconds: 10, expireInSeconds: 900 });
    const id = await queue.send('lease-probe', { n: 1 });
    // The "dead" worker claims the job and then never completes it nor sends a heartbeat.
    const [claimed] = await boss.fetch('lease-probe');
    expect(claimed.id).toBe(id);

    const done: string[] = [];
    await queue.work<{ n: number }>('lease-probe', { pollingIntervalSeconds: 1 }, async (job) => void done.push(job.id));
    await waitFor(() => done.length === 1, 'the retried job to run', 30_000);
    expect(done).toEqual([id]);
    // pg-boss records the completion just after the handler returns.
    const job = await waitFor(async () => (await queue.jobs('lease-probe')).find((j) => j.id === id && j.state !== 'active'), 'the job to be marked done', 20_000);
    expect(job).toMatchObject({ state: 'completed', retryCount: 1 });
  }, 40_000);
});
