import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { MailDelivery, MailMessage } from '../common/adapters/mailer';

/** A message as the outbox keeps it, with what became of it. */
export interface OutboxEntry extends MailMessage, MailDelivery {
  id: string;
  createdAt: Date;
}

/**
 * The outbox (mail_outbox): every message and what became of it, so staff can see what left: sent, failed (with the
 * SMTP error), or not sent because no SMTP_URL is set (a portal without mail still works; its messages wait there).
 */
@Injectable()
export class MailOutboxStore {
  constructor(private readonly db: DataSource) {}

  async record(message: MailMessage, delivery: MailDelivery): Promise<OutboxEntry> {
    const [row] = await this.db.query(
      `INSERT INTO mail_outbox ("to", subject, text, status, error, ical) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id, created_at`,
      [message.to, message.subject, message.text, delivery.status, delivery.error, message.ical?.content ?? null],
    );
    return { id: String(row.id), ...message, ...delivery, createdAt: row.created_at };
  }
}
