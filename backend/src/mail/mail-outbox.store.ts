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

  /** Records a message with its secrets taken out (redactSecrets): the outbox says what left, never a working link. */
  async record(message: MailMessage, delivery: MailDelivery): Promise<OutboxEntry> {
    const text = redactSecrets(message.text);
    const [row] = await this.db.query(
      `INSERT INTO mail_outbox ("to", subject, text, status, error, ical) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id, created_at`,
      [message.to, message.subject, text, delivery.status, delivery.error, message.ical?.content ?? null],
    );
    return { id: String(row.id), ...message, text, ...delivery, createdAt: row.created_at };
  }
}

/** What stands in the outbox for a secret taken out of a mail. */
export const REDACTED = '[fjernet]';

/**
 * A link's secret query parameters (a password-reset or calendar link's `token`, any `key`, `code`, `secret` or
 * `password`) are bearer secrets: whoever reads them can use them. The outbox keeps the mail without them
 * (docs/security.md#secrets-at-rest). The same rule is in the migration that cleaned the rows kept before it.
 */
const SECRET_PARAMETER = /([?&](?:token|key|code|secret|password)=)[^\s&#"'<>]+/gi;

export function redactSecrets(text: string): string {
  return text.replace(SECRET_PARAMETER, `$1${REDACTED}`);
}
