import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { Mailer, type MailMessage } from '../common/adapters/mailer';
import { Sealer } from '../common/secrets';
import { errorForLog } from '../common/text/control-characters';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { JOB_LEASE, JobQueue } from '../jobs/job-queue.service';
import { MailOutboxStore, type OutboxEntry } from './mail-outbox.store';

/** The pg-boss queue outgoing mail waits in. */
export const MAIL_QUEUE = 'mail';
/** An SMTP server that is down for a while gets 5 more tries: after about 30 s, 1, 2, 4 and 8 minutes. */
const MAIL_RETRY = { retryLimit: 5, retryDelay: 30, retryBackoff: true, retryDelayMax: 900 } as const;

/** A queued mail's job data: the message sealed, as a mail may carry a secret (a password-reset link). */
interface MailJob {
  sealed: string;
}

/**
 * Outgoing mail through a pg-boss queue: the request that causes a mail only queues it, and whichever instance
 * runs workers sends it through the Mailer, retrying an SMTP failure with backoff (each attempt is in the outbox).
 * Without SMTP_URL nothing is queued: the message is recorded as not sent, and the caller hears false.
 * The job holds the message sealed with the server secret (AES-256-GCM), and the outbox keeps it without its
 * links' secrets, so neither table holds a working reset link (docs/security.md#secrets-at-rest).
 */
@Injectable()
export class MailQueue implements OnApplicationBootstrap {
  private readonly logger = new Logger(MailQueue.name);
  private ready?: Promise<void>;
  private readonly sealer: Sealer;

  constructor(
    private readonly jobs: JobQueue,
    private readonly mailer: Mailer,
    private readonly outbox: MailOutboxStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.sealer = new Sealer(config.sessionSecret ?? '', 'mail-queue');
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.smtpUrl) return;
    await this.queueReady();
    if (!this.config.runJobs) return;
    await this.jobs.work<MailJob | MailMessage>(MAIL_QUEUE, { localConcurrency: 2, pollingIntervalSeconds: 1 }, async (job) => {
      const message = this.unseal(job.data);
      // Sealed under another SESSION_SECRET (changed while it waited): it cannot be sent; retrying will not help.
      if (!message) return this.logger.warn(`mail job ${job.id} cannot be opened (SESSION_SECRET changed?); dropped`);
      const entry = await this.send(message);
      // Thrown, so pg-boss keeps the failure and tries again later.
      if (entry.status === 'failed') throw new Error(entry.error ?? 'mail failed');
    });
  }

  /** A job's message; one queued by an earlier version holds it as it is (and is deleted an hour after it is sent). */
  private unseal(data: MailJob | MailMessage): MailMessage | null {
    if (!('sealed' in data)) return data;
    const opened = typeof data.sealed === 'string' ? this.sealer.open(data.sealed) : null;
    return opened === null ? null : (JSON.parse(opened) as MailMessage);
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
      const job: MailJob = { sealed: this.sealer.seal(JSON.stringify(message)) };
      return (await this.jobs.send(MAIL_QUEUE, job)) !== null;
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
