import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { forLog } from '../text/control-characters';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /**
   * A calendar invitation (iCalendar text with its METHOD): sent as a text/calendar alternative, which mail apps
   * offer to add to the calendar, and as an .ics attachment for the rest.
   */
  ical?: { method: 'REQUEST' | 'CANCEL'; content: string; filename?: string };
}

export type MailStatus = 'sent' | 'failed' | 'not-sent';

export interface OutboxEntry extends MailMessage {
  id: string;
  status: MailStatus;
  error: string | null;
  createdAt: Date;
}

/**
 * Outgoing mail: nodemailer on SMTP_URL. Every message is recorded in mail_outbox with what became of it, so staff
 * can see what left: sent, failed (with the SMTP error), or not sent because no SMTP_URL is set (a portal without
 * mail still works; its messages wait there to be read). A failure is recorded and answered, never thrown.
 */
@Injectable()
export class Mailer implements OnModuleDestroy {
  private readonly logger = new Logger(Mailer.name);
  private transport?: Transporter;

  constructor(
    private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'smtpUrl' | 'mailFrom'>,
  ) {}

  async send(message: MailMessage): Promise<OutboxEntry> {
    let status: MailStatus = 'not-sent';
    let error: string | null = null;
    if (this.config.smtpUrl) {
      this.transport ??= nodemailer.createTransport(this.config.smtpUrl);
      try {
        await this.transport.sendMail({
          from: this.config.mailFrom,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.ical ? { icalEvent: { method: message.ical.method, content: message.ical.content, filename: message.ical.filename ?? 'invite.ics' } } : {}),
        });
        status = 'sent';
      } catch (e) {
        status = 'failed';
        error = String(e.message ?? e);
        this.logger.warn(`mail to ${forLog(message.to)} failed: ${forLog(error)}`);
      }
    }
    const [row] = await this.db.query(
      `INSERT INTO mail_outbox ("to", subject, text, status, error, ical) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id, created_at`,
      [message.to, message.subject, message.text, status, error, message.ical?.content ?? null],
    );
    return { id: String(row.id), ...message, status, error, createdAt: row.created_at };
  }

  onModuleDestroy(): void {
    this.transport?.close();
  }
}
