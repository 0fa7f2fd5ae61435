import { Injectable, OnModuleInit } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { DataSource } from 'typeorm';
import { EventBus } from '../events/domain-events';

/** A queue's depth as pg-boss counts it. */
export interface QueueDepth { name: string; readyCount: number; deferredCount: number; activeCount: number; failedCount: number }

/** Request and job durations, in seconds: a calendar read is tens of milliseconds, a feed sync up to half a minute. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 300];

/**
 * The Prometheus metrics of this instance, served at GET /api/metrics (docs/operations.md, Metrics). Each app has its
 * own registry, so several apps in one process (the API tests) do not clash. Counters are bumped where things happen
 * (the HTTP observer, the job queue's worker wrapper, the /ws gateway); gauges are read at scrape time.
 */
@Injectable()
export class Metrics implements OnModuleInit {
  readonly registry = new Registry();
  private readonly registers = [this.registry];

  readonly httpRequests = new Counter({ name: 'eierportal_http_requests_total', help: 'HTTP requests answered, by route pattern and status', labelNames: ['method', 'route', 'status'], registers: this.registers });
  readonly httpDuration = new Histogram({ name: 'eierportal_http_request_duration_seconds', help: 'Time to answer an HTTP request', labelNames: ['method', 'route', 'status'], buckets: HTTP_BUCKETS, registers: this.registers });
  readonly notificationsPushed = new Counter({ name: 'eierportal_notifications_pushed_total', help: 'Notifications sent over /ws sockets by this instance', registers: this.registers });
  readonly jobsRun = new Counter({ name: 'eierportal_jobs_total', help: 'Jobs this instance ran, by queue and outcome (completed, failed)', labelNames: ['queue', 'outcome'], registers: this.registers });
  readonly jobDuration = new Histogram({ name: 'eierportal_job_duration_seconds', help: 'Time a job took, by queue', labelNames: ['queue'], buckets: JOB_BUCKETS, registers: this.registers });
  readonly syncOutcomes = new Counter({ name: 'eierportal_sync_outcomes_total', help: 'Outside calendar syncs (feed, beds24) by outcome: changed (bookings added, changed or cancelled), failing, recovered', labelNames: ['source', 'outcome'], registers: this.registers });

  /** Read at scrape time; set by the /ws gateway and the job queue (which the metrics must not import: they use it). */
  socketsOpen: () => number = () => 0;
  queueDepths: () => Promise<QueueDepth[]> = async () => [];

  constructor(private readonly moduleRef: ModuleRef, private readonly events: EventBus) {
    collectDefaultMetrics({ register: this.registry, prefix: 'eierportal_' });
    const sockets: Gauge = new Gauge({
      name: 'eierportal_ws_sockets_open', help: 'Open /ws sockets on this instance', registers: this.registers,
      collect: () => sockets.set(this.socketsOpen()),
    });
    const pool: Gauge = new Gauge({
      name: 'eierportal_db_pool_connections', help: 'The database pool of this instance: total, idle and waiting (clients queued for a connection)', labelNames: ['state'], registers: this.registers,
      collect: () => {
        const now = this.pool();
        if (!now) return;
        pool.set({ state: 'total' }, now.totalCount);
        pool.set({ state: 'idle' }, now.idleCount);
        pool.set({ state: 'waiting' }, now.waitingCount);
      },
    });
    const depth: Gauge = new Gauge({
      name: 'eierportal_job_queue_depth', help: 'Jobs per queue and state (ready: runnable now; deferred: waiting for their time or retry; active; failed: kept failed jobs)', labelNames: ['queue', 'state'], registers: this.registers,
      collect: async () => {
        // A scrape during a database outage answers without the depths rather than failing.
        const queues = await this.queueDepths().catch(() => []);
        for (const q of queues) {
          depth.set({ queue: q.name, state: 'ready' }, q.readyCount);
          depth.set({ queue: q.name, state: 'deferred' }, q.deferredCount);
          depth.set({ queue: q.name, state: 'active' }, q.activeCount);
          depth.set({ queue: q.name, state: 'failed' }, q.failedCount);
        }
      },
    });
  }

  /** Sync outcomes come from the domain events the feeds and Beds24 emit (docs/operations.md, Metrics). */
  onModuleInit(): void {
    this.events.on('bookings.pulled', (e) => void this.syncOutcomes.inc({ source: e.sourceKind, outcome: 'changed' }));
    this.events.on('feed.failing', () => void this.syncOutcomes.inc({ source: 'ical', outcome: 'failing' }));
    this.events.on('feed.recovered', () => void this.syncOutcomes.inc({ source: 'ical', outcome: 'recovered' }));
  }

  private optional<T>(type: new (...args: never[]) => T): T | undefined {
    try {
      return this.moduleRef.get(type, { strict: false });
    } catch {
      return undefined;
    }
  }

  /** pg's Pool behind TypeORM on PostgreSQL; PGlite has one session and no pool. */
  private pool(): { totalCount: number; idleCount: number; waitingCount: number } | undefined {
    const master = (this.optional(DataSource)?.driver as { master?: { totalCount?: number } } | undefined)?.master;
    return typeof master?.totalCount === 'number' ? (master as never) : undefined;
  }

  async text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
