import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
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

/** What became of one message: sent, failed (with the SMTP error), or not sent because no SMTP_URL is set. */
export interface MailDelivery {
  status: MailStatus;
  error: string | null;
}

/**
 * Outgoing mail: nodemailer on SMTP_URL. It only talks to the SMTP server; the mail module records each message
 * and what became of it in its outbox (mail/mail-outbox.store.ts). A failure is answered, never thrown.
 */
@Injectable()
export class Mailer implements OnModuleDestroy {
  private readonly logger = new Logger(Mailer.name);
  private transport?: Transporter;

  constructor(@Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'smtpUrl' | 'mailFrom'>) {}

  async deliver(message: MailMessage): Promise<MailDelivery> {
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
    return { status, error };
  }

  onModuleDestroy(): void {
    this.transport?.close();
  }
}
