import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Secrets at rest (docs/security.md#secrets-at-rest): the mail outbox kept password-reset links as they were mailed.
 * Its rows lose their links' secret parameters, as the outbox now records them (mail/mail-outbox.store.ts,
 * redactSecrets: the same pattern).
 */
export class SecretsAtRest1765920000000 implements MigrationInterface {
  name = 'SecretsAtRest1765920000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `UPDATE mail_outbox SET text = regexp_replace(text, '([?&](token|key|code|secret|password)=)[^\\s&#"''<>]+', '\\1[fjernet]', 'gi')
       WHERE text ~* '[?&](token|key|code|secret|password)='`,
    );
  }

  async down(): Promise<void> {
    // The secrets are gone; nothing to put back.
  }
}
