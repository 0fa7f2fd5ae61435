import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Webhook } from 'standardwebhooks';
import { DataSource, LessThan, Not, Repository } from 'typeorm';
import { Clock } from '../common/adapters/clock';
import { HttpClient, HttpError } from '../common/adapters/http-client';
import { EventBus } from '../common/events/domain-events';
import { errorForLog } from '../common/text/control-characters';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { JOB_LEASE, JobQueue } from '../jobs/job-queue.service';
import { ScheduledJobs } from '../jobs/scheduled-jobs.service';
import { UsersService } from '../users/users.service';
import { WebhookDelivery } from './webhook-delivery.entity';
import { WebhookEndpoint } from './webhook-endpoint.entity';
import './webhooks.events';
import { WebhooksService } from './webhooks.service';
import { DISABLE_AFTER_MS, RETRY_DELAYS_MS, WEBHOOK_TEST_EVENT } from './webhooks.types';

/** The pg-boss queue each attempt runs through (one job per attempt, keyed by its delivery). */
export const WEBHOOK_QUEUE = 'webhook-delivery';
/** The scheduled job that queues the retries that came due. */
export const WEBHOOK_RETRY_JOB = 'webhook-retries';
/** A claimed attempt whose worker died is due again after this long. */
const CLAIM_LEASE_MS = 2 * 60_000;
/** The most of a receiver's answer read (its body is not kept). */
const MAX_ANSWER_BYTES = 64 * 1024;
/** How long a delivered or given-up delivery stays in the log (Stripe keeps its events 30 days). */
const KEEP_DELIVERIES_MS = 30 * 24 * 3600_000;
/** Due retries queued by one tick; the next tick takes the rest. */
const DUE_BATCH = 200;

/**
 * Sends webhook deliveries (docs/product/webhooks.md#delivery): each attempt is a pg-boss job, queued when the event
 * is recorded, by staff's test or "send again", and for retries by the scheduled job `webhook-retries` (every 30 s,
 * for the deliveries whose next attempt the Clock says is due). An attempt claims its delivery (the next attempt moved
 * a lease ahead, so two workers never send it at once and a dead worker's is taken up again), signs the body by the
 * Standard Webhooks specification with the `standardwebhooks` library, POSTs it through the HttpClient (the address
 * rule again, against DNS rebinding; WEBHOOK_TIMEOUT_SECONDS; no redirect followed: a 3xx is a failure) and records
 * the answer. A failure is tried again after RETRY_DELAYS_MS; an endpoint whose attempts have failed for
 * DISABLE_AFTER_MS with no success between is turned off and the admins told (`webhooks.endpoint.disabled`).
 */
@Injectable()
export class WebhookSender implements OnApplicationBootstrap {
  private readonly logger = new Logger(WebhookSender.name);
  private ready?: Promise<void>;

  constructor(
    private readonly webhooks: WebhooksService,
    @InjectRepository(WebhookDelivery) private readonly deliveries: Repository<WebhookDelivery>,
    @InjectRepository(WebhookEndpoint) private readonly endpoints: Repository<WebhookEndpoint>,
    private readonly db: DataSource,
    private readonly jobs: JobQueue,
    private readonly scheduled: ScheduledJobs,
    private readonly http: HttpClient,
    private readonly clock: Clock,
    private readonly bus: EventBus,
    private readonly users: UsersService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.scheduled.register({ id: WEBHOOK_RETRY_JOB, schedule: '*/30 * * * * *', run: () => this.queueDue() });
    await this.queueReady();
    if (!this.config.runJobs) return;
    // No pg-boss retries: the delivery row keeps its own schedule (RETRY_DELAYS_MS) on the Clock.
    await this.jobs.work<{ deliveryId: number }>(WEBHOOK_QUEUE, { localConcurrency: 4, pollingIntervalSeconds: 1 }, (job) => this.attempt(job.data.deliveryId));
  }

  private queueReady(): Promise<void> {
    this.ready ??= this.jobs.createQueue(WEBHOOK_QUEUE, { policy: 'standard', retryLimit: 0, ...JOB_LEASE });
    return this.ready;
  }

  /** Queues an attempt of each delivery now; a queue that cannot take one is logged, and the retry tick finds it. */
  async queue(deliveries: readonly Pick<WebhookDelivery, 'id'>[]): Promise<void> {
    for (const d of deliveries) {
      try {
        await this.queueReady();
        await this.jobs.send(WEBHOOK_QUEUE, { deliveryId: d.id }, { singletonKey: `delivery-${d.id}` });
      } catch (e) {
        this.logger.error(`queueing webhook delivery ${d.id}: ${errorForLog(e)}`);
      }
    }
  }

  /** The retry tick: queues every pending delivery whose next attempt is due, and forgets finished ones past KEEP_DELIVERIES_MS. */
  async queueDue(): Promise<{ queued: number; forgotten: number }> {
    const forgotten = await this.deliveries.delete({ status: Not('pending'), createdAt: LessThan(new Date(this.clock.now().getTime() - KEEP_DELIVERIES_MS)) });
    const due = await this.deliveries
      .createQueryBuilder('d')
      .select('d.id')
      .where(`d.status = 'pending' AND d.nextAttemptAt <= :now`, { now: this.clock.now() })
      .orderBy('d.nextAttemptAt', 'ASC')
      .limit(DUE_BATCH)
      .getMany();
    await this.queue(due);
    return { queued: due.length, forgotten: forgotten.affected ?? 0 };
  }

  /** Resolves when no attempt waits or runs (tests). */
  whenDrained(timeoutMs?: number): Promise<void> {
    return this.jobs.whenDrained(WEBHOOK_QUEUE, timeoutMs);
  }

  /** One attempt of a delivery, if it is still pending and due. */
  async attempt(deliveryId: number): Promise<void> {
    const now = this.clock.now();
    const claimed: { id: number }[] = await this.db.query(
      `UPDATE webhook_deliveries SET next_attempt_at = $3 WHERE id = $1 AND status = 'pending' AND next_attempt_at <= $2 RETURNING id`,
      [deliveryId, now, new Date(now.getTime() + CLAIM_LEASE_MS)],
    );
    if (claimed.length === 0) return;
    const delivery = await this.deliveries.findOneByOrFail({ id: deliveryId });
    const endpoint = await this.endpoints.findOneBy({ id: delivery.endpointId });
    if (!endpoint) return;
    if (!endpoint.enabled && delivery.eventType !== WEBHOOK_TEST_EVENT) {
      await this.deliveries.update({ id: delivery.id }, { status: 'failed', nextAttemptAt: null, lastError: 'endpoint turned off' });
      return;
    }
    const outcome = await this.send(endpoint, delivery);
    await this.record(endpoint, delivery, outcome);
  }

  private async send(endpoint: WebhookEndpoint, delivery: WebhookDelivery): Promise<{ status: number | null; error: string | null; ms: number }> {
    const secret = this.webhooks.secretOf(endpoint);
    if (!secret) return { status: null, error: 'secret cannot be opened (SESSION_SECRET changed?): rotate it', ms: 0 };
    // The signature's time is when it is sent (wall time): receivers refuse one far from their own clock.
    const sentAt = new Date();
    const headers = {
      'Content-Type': 'application/json',
      'User-Agent': 'Eierportal-Webhooks/1',
      'webhook-id': delivery.messageId,
      'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
      'webhook-signature': new Webhook(secret).sign(delivery.messageId, sentAt, delivery.payload),
    };
    const started = performance.now();
    const ms = () => Math.round(performance.now() - started);
    try {
      const answer = await this.http.post(endpoint.url, delivery.payload, {
        headers,
        timeoutMs: this.config.webhooks.timeoutMs,
        maxBytes: MAX_ANSWER_BYTES,
        allowPrivateHosts: this.config.webhooks.allowPrivateHosts,
        anyStatus: true,
      });
      const ok = answer.status >= 200 && answer.status < 300;
      const error = ok ? null : answer.status >= 300 && answer.status < 400 ? `HTTP ${answer.status} (redirects are not followed)` : `HTTP ${answer.status}`;
      return { status: answer.status, error, ms: ms() };
    } catch (e) {
      // HttpError texts never hold the address (it may carry a token); anything else is said by its kind only.
      return { status: e instanceof HttpError ? (e.httpStatus ?? null) : null, error: e instanceof HttpError ? e.message : 'network error', ms: ms() };
    }
  }

  private async record(endpoint: WebhookEndpoint, delivery: WebhookDelivery, outcome: { status: number | null; error: string | null; ms: number }): Promise<void> {
    const now = this.clock.now();
    const attempts = delivery.attempts + 1;
    const failed = outcome.error !== null;
    const delay = RETRY_DELAYS_MS[attempts - 1];
    await this.deliveries.update(
      { id: delivery.id },
      {
        attempts,
        lastAttemptAt: now,
        lastDurationMs: outcome.ms,
        lastResponseStatus: outcome.status,
        lastError: outcome.error?.slice(0, 300) ?? null,
        status: !failed ? 'succeeded' : delay === undefined ? 'failed' : 'pending',
        nextAttemptAt: failed && delay !== undefined ? new Date(now.getTime() + delay) : null,
      },
    );
    if (!failed) {
      if (endpoint.failingSince) await this.endpoints.update({ id: endpoint.id }, { failingSince: null });
      return;
    }
    this.logger.warn(`webhook delivery ${delivery.id} (endpoint ${endpoint.id}, attempt ${attempts}) failed: ${outcome.error}`);
    const since = endpoint.failingSince ?? now;
    if (!endpoint.failingSince) await this.endpoints.update({ id: endpoint.id }, { failingSince: now });
    if (endpoint.enabled && now.getTime() - since.getTime() >= DISABLE_AFTER_MS) await this.disable(endpoint, since);
  }

  /** Turns a failing endpoint off (once: only the attempt that finds it on) and tells the admins. */
  private async disable(endpoint: WebhookEndpoint, since: Date): Promise<void> {
    const turned = await this.endpoints.update({ id: endpoint.id, enabled: true }, { enabled: false, disabledReason: 'failing' });
    if (!turned.affected) return;
    await this.deliveries.update({ endpointId: endpoint.id, status: 'pending' }, { status: 'failed', nextAttemptAt: null, lastError: 'endpoint turned off' });
    await this.bus.emit('webhooks.endpoint.disabled', { endpointId: endpoint.id, host: new URL(endpoint.url).host, since: since.toISOString(), admins: await this.users.activeAdminIds() });
  }
}
