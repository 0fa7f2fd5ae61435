import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { Mailer, type MailMessage } from '../common/adapters/mailer';
import { errorForLog } from '../common/text/control-characters';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { JOB_LEASE, JobQueue } from '../jobs/job-queue.service';
import { MailOutboxStore, type OutboxEntry } from './mail-outbox.store';

/** The pg-boss queue outgoing mail waits in. */
export const MAIL_QUEUE = 'mail';
/** An SMTP server that is down for a while gets 5 more tries: after about 30 s, 1, 2, 4 and 8 minutes. */
const MAIL_RETRY = { retryLimit: 5, retryDelay: 30, retryBackoff: true, retryDelayMax: 900 } as const;

/**
 * Outgoing mail through a pg-boss queue: the request that causes a mail only queues it, and whichever instance
 * runs workers sends it through the Mailer, retrying an SMTP failure with backoff (each attempt is in the outbox).
 * Without SMTP_URL nothing is queued: the message is recorded as not sent, and the caller hears false.
 */
@Injectable()
export class MailQueue implements OnApplicationBootstrap {
  private readonly logger = new Logger(MailQueue.name);
  private ready?: Promise<void>;

  constructor(
    private readonly jobs: JobQueue,
    private readonly mailer: Mailer,
    private readonly outbox: MailOutboxStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.smtpUrl) return;
    await this.queueReady();
    if (!this.config.runJobs) return;
    await this.jobs.work<MailMessage>(MAIL_QUEUE, { localConcurrency: 2, pollingIntervalSeconds: 1 }, async (job) => {
      const entry = await this.send(job.data);
      // Thrown, so pg-boss keeps the failure and tries again later.
      if (entry.status === 'failed') throw new Error(entry.error ?? 'mail failed');
    });
  }

  private queueReady(): Promise<void> {
    this.ready ??= this.jobs.createQueue(MAIL_QUEUE, { policy: 'standard', ...MAIL_RETRY, ...JOB_LEASE });
    return this.ready;
  }

  /** Sends one message now, through the Mailer, and records it in the outbox with what became of it. */
  async send(message: MailMessage): Promise<OutboxEntry> {
    return this.outbox.record(message, await this.mailer.deliver(message));
  }

  /** Whether SMTP is set, so that a queued mail will be sent. */
  get enabled(): boolean {
    return Boolean(this.config.smtpUrl);
  }

  /**
   * Queues a mail; true when it was queued to be sent. Without SMTP it is recorded as not sent at once (false); a
   * queue that cannot take it is logged and answered false, never thrown: a mail never fails the change behind it.
   */
  async enqueue(message: MailMessage): Promise<boolean> {
    if (!this.config.smtpUrl) {
      await this.send(message);
      return false;
    }
    try {
      await this.queueReady();
      return (await this.jobs.send(MAIL_QUEUE, message)) !== null;
    } catch (e) {
      this.logger.error(`queueing mail: ${errorForLog(e)}`);
      return false;
    }
  }

  /** Resolves when no mail waits, is being sent or waits for a retry (tests, graceful checks). */
  whenDrained(timeoutMs?: number): Promise<void> {
    return this.config.smtpUrl ? this.jobs.whenDrained(MAIL_QUEUE, timeoutMs) : Promise.resolve();
  }
}
