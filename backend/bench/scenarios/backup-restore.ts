import { statSync } from 'node:fs';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { BackupsService } from '../../src/backups/backups.service';
import { Scenario, round, type ScenarioEntry } from '../lib/scenario';

/**
 * Small by default so a full `npm run bench` stays short; the size is BENCH_BACKUP_OWNERS=10000
 * BENCH_BACKUP_EVENTS=1000000 BENCH_BACKUP_BOOKINGS=100000.
 */
const OWNERS = Number(process.env.BENCH_BACKUP_OWNERS || 500);
const EVENTS = Number(process.env.BENCH_BACKUP_EVENTS || 50_000);
const BOOKINGS = Number(process.env.BENCH_BACKUP_BOOKINGS || 5_000);

const METHOD =
  `${OWNERS.toLocaleString('en')} owners, ${EVENTS.toLocaleString('en')} events and ${BOOKINGS.toLocaleString('en')} imported bookings ` +
  '(plus what earlier scenarios left), bulk-inserted by SQL. BackupsService.create (one snapshot, streamed through gzip to a file) and then ' +
  'BackupsService.restore of that file (check pass, then truncate and insert in one transaction), each timed once; peak memory is the ' +
  'largest RSS and heap seen every 20 ms during each, minus the figure just before it, so it shows what the work itself holds.';

/** Samples memory while `fn` runs: its duration and the peak growth of RSS and heap over the start. */
async function watched<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number; peakRssMb: number; peakHeapMb: number }> {
  global.gc?.();
  const start = process.memoryUsage();
  let rss = start.rss;
  let heap = start.heapUsed;
  const timer = setInterval(() => {
    const now = process.memoryUsage();
    rss = Math.max(rss, now.rss);
    heap = Math.max(heap, now.heapUsed);
  }, 20);
  const began = performance.now();
  try {
    const value = await fn();
    return { value, ms: performance.now() - began, peakRssMb: (rss - start.rss) / 2 ** 20, peakHeapMb: (heap - start.heapUsed) / 2 ** 20 };
  } finally {
    clearInterval(timer);
  }
}

/** Backup and restore time, file size and peak memory; figures only (no target). */
export const backupRestore: Scenario = {
  name: 'backup-restore',
  title: `backup and restore: ${OWNERS.toLocaleString('en')} owners, ${EVENTS.toLocaleString('en')} events, ${BOOKINGS.toLocaleString('en')} bookings`,

  async run({ app }) {
    const db = app.app.get(DataSource);
    const owners: number[] = (
      await db.query(
        `INSERT INTO users (username, email, name, password)
         SELECT 'bench-backup-' || i || '@example.com', 'bench-backup-' || i || '@example.com', 'Eier ' || i, 'x' FROM generate_series(1, $1::int) AS i
         RETURNING id`,
        [OWNERS],
      )
    ).map((r: { id: number }) => r.id);
    // Each row goes to owner i modulo the owner count.
    await db.query(
      `INSERT INTO events (user_id, title, description, start_time, end_time, ends_at)
       SELECT ($2::int[])[1 + i % $3::int], 'Utleie ' || i, CASE WHEN i % 4 = 0 THEN 'Gjest ' || i END, s, s + interval '4 hours', s + interval '4 hours'
       FROM (SELECT i, timestamptz '2024-01-01' + i * interval '7 minutes' AS s FROM generate_series(1, $1::int) AS i) AS timed`,
      [EVENTS, owners, OWNERS],
    );
    await db.query(
      `INSERT INTO external_bookings (source_kind, source_id, user_id, external_uid, start_time, ends_at, all_day, start_date, end_date, summary, sync_generation)
       SELECT 'ical', 1, ($2::int[])[1 + i % $3::int], 'bench-backup-' || i || '@airbnb.example', d, d + interval '3 days', true, d::date, d::date + 3, 'Reserved', 0
       FROM (SELECT i, timestamptz '2024-01-01' + i * interval '1 hour' AS d FROM generate_series(1, $1::int) AS i) AS days`,
      [BOOKINGS, owners, OWNERS],
    );
    const service = app.app.get(BackupsService);
    const backup = await watched(() => service.create(false, null));
    const file = path.join(service.dir, backup.value.filename);
    // Actor 0 is nobody: the restore's audit row is skipped with a warning, as for an admin the backup predates.
    const restore = await watched(() => service.restore(backup.value.filename, 0));
    const [{ events }] = await db.query('SELECT count(*)::int AS events FROM events');
    const problems = restore.value.summary.eventsCount === backup.value.summary.eventsCount && events === backup.value.summary.eventsCount ? [] : ['the restored event count differs from the backup'];
    const entry: ScenarioEntry = {
      scenario: 'backup-restore',
      method: METHOD,
      figures: {
        rows: restore.value.rows,
        fileMb: round(statSync(file).size / 2 ** 20, 2),
        backupSeconds: round(backup.ms / 1000, 2),
        backupPeakRssMb: round(backup.peakRssMb, 1),
        backupPeakHeapMb: round(backup.peakHeapMb, 1),
        restoreSeconds: round(restore.ms / 1000, 2),
        restorePeakRssMb: round(restore.peakRssMb, 1),
        restorePeakHeapMb: round(restore.peakHeapMb, 1),
      },
      target: null,
      problems,
    };
    return [entry];
  },
};
