import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import type { ExpansionBudget, ParseFeedOptions, ParseFeedResult } from './parse-feed';
import type { ParseTask } from './parse-worker';

/** Wall-clock time one series may take to expand; the parser stops a slow rule there itself (truncating it). */
export const MS_PER_SERIES = 1_000;
/** A series that sends no sign of life for this long is stuck inside one step: its worker is stopped. */
const STALL_MS = 3 * MS_PER_SERIES;
/** Instances of one series in the window (three years of a daily event fit). */
const INSTANCES_PER_SERIES = 2_000;
/** Wall-clock time for reading one feed, every retry included. */
const MS_PER_FEED = 30_000;
/** Series found stuck before the feed is given up as a whole. */
const MAX_STALLED_SERIES = 5;
/** Heap of one parse worker; a feed that needs more fails instead of growing the process. */
const WORKER_HEAP_MB = 512;

export const PARSE_TIMED_OUT = `reading the calendar took longer than ${MS_PER_FEED / 1000} s`;
export const PARSE_OUT_OF_MEMORY = 'reading the calendar needs more memory than allowed';
export const PARSE_TOO_MANY_STALLED = `more than ${MAX_STALLED_SERIES} recurring events never yield an instance`;

type Attempt = { kind: 'done'; result: ParseFeedResult } | { kind: 'stalled'; uid: string } | { kind: 'failed'; error: string };

/**
 * Reads feeds on worker threads (piscina), so no feed can stall the service: the main thread keeps answering
 * while a feed is parsed, an exploding rule stops at the instance budget, and a rule that never yields (ical.js
 * loops inside one step on FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30) is caught by a watchdog that stops its worker and
 * reads the feed again without that series, which is then reported as rejected. Workers start on demand and stop
 * when idle, so an instance that reads no feeds holds none.
 */
@Injectable()
export class FeedParsePool implements OnApplicationShutdown {
  private readonly pool: Piscina<ParseTask, ParseFeedResult>;
  private readonly budget: ExpansionBudget;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    // From the TypeScript sources (jest), workers compile the sources the way the main thread's transform does.
    const fromSources = path.extname(__filename) === '.ts';
    this.pool = new Piscina({
      filename: path.join(__dirname, `parse-worker${path.extname(__filename)}`),
      minThreads: 0,
      maxThreads: Math.max(1, Math.min(config.feeds.concurrency, availableParallelism())),
      idleTimeout: 60_000,
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
      execArgv: fromSources ? ['--require', path.resolve(__dirname, '../../../scripts/register-ts.cjs')] : [],
    });
    this.budget = {
      instancesPerFeed: config.feeds.maxInstances,
      instancesPerEvent: Math.min(INSTANCES_PER_SERIES, config.feeds.maxInstances),
      msPerEvent: MS_PER_SERIES,
    };
  }

  async parse(bytes: Buffer, options: Omit<ParseFeedOptions, 'budget' | 'skipSeries' | 'onSeries'>): Promise<ParseFeedResult> {
    const deadline = performance.now() + MS_PER_FEED;
    const stalled: string[] = [];
    for (;;) {
      const attempt = await this.attempt(bytes, { ...options, budget: this.budget, skipSeries: stalled }, deadline);
      if (attempt.kind === 'done') return attempt.result;
      if (attempt.kind === 'failed') return { ok: false, error: attempt.error };
      stalled.push(attempt.uid);
      if (stalled.length > MAX_STALLED_SERIES) return { ok: false, error: PARSE_TOO_MANY_STALLED };
    }
  }

  private async attempt(bytes: Buffer, options: ParseTask['options'], deadline: number): Promise<Attempt> {
    const progress = new MessageChannel();
    const abort = new AbortController();
    let series: string | null = null;
    let since = performance.now();
    let outcome: Attempt | null = null;
    progress.port2.on('message', (uid: string | null) => {
      series = uid;
      since = performance.now();
    });
    const watchdog = setInterval(() => {
      const now = performance.now();
      if (series !== null && now - since > STALL_MS) outcome = { kind: 'stalled', uid: series };
      else if (now > deadline) outcome = { kind: 'failed', error: PARSE_TIMED_OUT };
      if (outcome) abort.abort();
    }, 100);
    try {
      const task: ParseTask = { bytes: new Uint8Array(bytes), options, progress: progress.port1 };
      return { kind: 'done', result: await this.pool.run(task, { transferList: [progress.port1], signal: abort.signal }) };
    } catch (e) {
      if (outcome) return outcome;
      if ((e as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY') return { kind: 'failed', error: PARSE_OUT_OF_MEMORY };
      throw e;
    } finally {
      clearInterval(watchdog);
      progress.port2.close();
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.pool.close({ force: true });
  }
}
