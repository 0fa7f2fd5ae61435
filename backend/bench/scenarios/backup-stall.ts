import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource } from 'typeorm';
import { FileStore, MAX_FILE_BYTES } from '../../src/common/adapters/file-store';
import { UsersService } from '../../src/users/users.service';
import { probe } from '../lib/http-probe';
import { round, Scenario, type ScenarioEntry } from '../lib/scenario';

/** Megabytes of attachment files in the store while the backup runs (BENCH_BACKUP_FILES_MB, default 100). */
const FILES_MB = Number(process.env.BENCH_BACKUP_FILES_MB || 100);
/** The longest a request may wait on a running backup (docs/operations.md, "Backups"). */
const MAX_STALL_MS = 200;
/** Pause between two health probes: a steady stream of cheap requests, not a load test. */
const PROBE_GAP_MS = 10;
const NAME_PREFIX = 'bench-stall-';
const PASSWORD = 'bench-stall-passord';

const METHOD =
  `${FILES_MB} MB of attachments in the file store (the largest files the store takes, ${MAX_FILE_BYTES / 2 ** 20} MB each, random bytes behind a ` +
  `JPEG signature so gzip cannot shrink them). An admin starts a manual backup (POST /api/admin/backups) while GET /api/health is asked ` +
  `again ${PROBE_GAP_MS} ms after each answer, on a new connection each time; stallMs is the larger of the slowest health answer and ` +
  `the event loop's largest delay (perf_hooks monitorEventLoopDelay) while the backup runs; loopCpuMaxMs is the most main-thread CPU ` +
  `spent between two ticks of a 5 ms timer (the process's own longest block, apart from other load on the machine). The same probes for 5 s ` +
  `with nothing running (idle*) show the machine's own noise; a restore of the file is measured the same way (figures only).`;

interface Watch {
  ms: number;
  probes: number;
  healthMaxMs: number;
  healthP50Ms: number;
  loopMaxMs: number;
  /** The most main-thread CPU time spent between two turns of a 5 ms timer: the longest stretch the process itself kept the loop, whatever else shares the machine's cores. */
  loopCpuMaxMs: number;
}

/** Watches the main thread: the most CPU it spent between two consecutive ticks of a short timer. */
function watchThreadCpu(): () => number {
  let last = process.threadCpuUsage();
  let max = 0;
  const timer = setInterval(() => {
    const now = process.threadCpuUsage();
    max = Math.max(max, now.user + now.system - last.user - last.system);
    last = now;
  }, 5);
  return () => {
    clearInterval(timer);
    return max / 1000;
  };
}

/** Runs `work` while probing /api/health back to back and watching the event loop; the figures of that stretch. */
async function whileProbing(url: string, work: () => Promise<void>): Promise<Watch> {
  const loop = monitorEventLoopDelay({ resolution: 5 });
  const latencies: number[] = [];
  let running = true;
  const prober = (async () => {
    while (running) {
      const began = performance.now();
      const res = await probe(`${url}/api/health`);
      if (res.status !== 200) throw new Error(`GET /api/health answered ${res.status} during the backup`);
      latencies.push(performance.now() - began);
      await sleep(PROBE_GAP_MS);
    }
  })();
  loop.enable();
  const stopCpu = watchThreadCpu();
  const began = performance.now();
  let loopCpuMaxMs: number;
  try {
    await work();
  } finally {
    running = false;
    loop.disable();
    loopCpuMaxMs = stopCpu();
  }
  const ms = performance.now() - began;
  await prober;
  latencies.sort((a, b) => a - b);
  return {
    ms,
    probes: latencies.length,
    healthMaxMs: latencies.at(-1) ?? 0,
    healthP50Ms: latencies[Math.floor(latencies.length / 2)] ?? 0,
    loopMaxMs: loop.max / 1e6,
    loopCpuMaxMs,
  };
}

const figuresOf = (w: Watch, prefix: string) => ({
  [`${prefix}Seconds`]: round(w.ms / 1000, 2),
  [`${prefix}Probes`]: w.probes,
  [`${prefix}HealthP50Ms`]: round(w.healthP50Ms, 1),
  [`${prefix}HealthMaxMs`]: round(w.healthMaxMs, 1),
  [`${prefix}LoopMaxMs`]: round(w.loopMaxMs, 1),
  [`${prefix}LoopCpuMaxMs`]: round(w.loopCpuMaxMs, 1),
});

/**
 * A backup never holds up the service: with ~100 MB of files in the store, no request waits more than 200 ms at a
 * time while a manual backup runs. The entry gates the run: missing it makes `npm run bench` exit 1.
 */
export const backupStall: Scenario = {
  name: 'backup-stall',
  title: `requests during a manual backup with ${FILES_MB} MB of files`,

  async run({ app }) {
    const db = app.app.get(DataSource);
    const files = app.app.get(FileStore);
    const users = app.app.get(UsersService);
    const admin = await users.create({ username: 'bench-stall-admin@example.com', name: 'Bench Backup', password: PASSWORD, isAdmin: true }, null);
    let left = FILES_MB * 2 ** 20;
    for (let i = 0; left > 0; i++) {
      const size = Math.min(MAX_FILE_BYTES, left);
      const content = randomBytes(size);
      content.set([0xff, 0xd8, 0xff, 0xe0]);
      await files.put(content, `${NAME_PREFIX}${i}.jpg`);
      left -= size;
    }
    const cookie = await app.login(admin.username, PASSWORD);
    let filename = '';
    try {
      // The same probes with nothing else running: how much of a stall this machine adds by itself (other processes on its cores).
      const idle = await whileProbing(app.url, () => sleep(5000));
      const backup = await whileProbing(app.url, async () => {
        const res = await probe(`${app.url}/api/admin/backups`, { method: 'POST', headers: { cookie } });
        if (res.status !== 201) throw new Error(`POST /api/admin/backups answered ${res.status}: ${res.body.toString()}`);
        filename = JSON.parse(res.body.toString()).filename;
      });
      const restore = await whileProbing(app.url, async () => {
        const res = await probe(`${app.url}/api/admin/backups/restore/${encodeURIComponent(filename)}`, { method: 'POST', headers: { cookie } });
        if (res.status !== 200) throw new Error(`POST /api/admin/backups/restore answered ${res.status}: ${res.body.toString()}`);
      });
      const [{ mb }] = await db.query(`SELECT round(sum(byte_size) / 1048576.0)::int AS mb FROM stored_files WHERE original_name LIKE $1`, [`${NAME_PREFIX}%`]);
      const stallMs = Math.max(backup.healthMaxMs, backup.loopMaxMs);
      const entry: ScenarioEntry = {
        scenario: 'backup-stall',
        method: METHOD,
        figures: { filesMb: FILES_MB, stallMs: round(stallMs, 1), ...figuresOf(idle, 'idle'), ...figuresOf(backup, 'backup'), ...figuresOf(restore, 'restore') },
        target: { figure: 'stallMs', op: '<=', value: MAX_STALL_MS },
        enforced: true,
        problems: mb === FILES_MB ? [] : [`${mb} MB of the files came back from the restore, not ${FILES_MB}`],
      };
      return [entry];
    } finally {
      // The later scenarios need not copy these files again.
      await db.query('DELETE FROM stored_files WHERE original_name LIKE $1', [`${NAME_PREFIX}%`]);
    }
  },
};
