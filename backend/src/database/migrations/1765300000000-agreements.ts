import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Agreements: meetings between staff and an owner, their notes (private ones staff only), the
 * reminder claim (reminder_sent) and the calendar invitation's SEQUENCE. The Mailer's outbox keeps each mail's
 * calendar part too, so staff can see what invitation left.
 */
export class Agreements1765300000000 implements MigrationInterface {
  name = 'Agreements1765300000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE admin_agreements (
        id serial PRIMARY KEY,
        admin_id int REFERENCES users (id) ON DELETE SET NULL,
        user_id int NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        title varchar(255) NOT NULL,
        description text,
        meeting_date timestamptz NOT NULL,
        end_date timestamptz,
        meeting_location varchar(500),
        meeting_type varchar(20) NOT NULL DEFAULT 'general' CHECK (meeting_type IN ('general', 'support', 'consultation', 'review')),
        status varchar(20) NOT NULL DEFAULT 'scheduled' CHECK (status IN ('scheduled', 'completed', 'cancelled')),
        completed_at timestamptz,
        cancelled_at timestamptz,
        reminder_sent boolean NOT NULL DEFAULT false,
        ics_sequence int NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    await db.query('CREATE INDEX admin_agreements_user_date ON admin_agreements (user_id, meeting_date DESC)');
    await db.query('CREATE INDEX admin_agreements_meeting_date ON admin_agreements (meeting_date DESC, id DESC)');
    // The reminder job's read: scheduled meetings still waiting for their reminder.
    await db.query(`CREATE INDEX admin_agreements_reminder_due ON admin_agreements (meeting_date) WHERE status = 'scheduled' AND NOT reminder_sent`);
    await db.query(`
      CREATE TABLE agreement_notes (
        id serial PRIMARY KEY,
        agreement_id int NOT NULL REFERENCES admin_agreements (id) ON DELETE CASCADE,
        author_id int REFERENCES users (id) ON DELETE SET NULL,
        content text NOT NULL,
        is_private boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    await db.query('CREATE INDEX agreement_notes_agreement ON agreement_notes (agreement_id, created_at, id)');
    await db.query('ALTER TABLE mail_outbox ADD COLUMN ical text');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE mail_outbox DROP COLUMN ical');
    await db.query('DROP TABLE agreement_notes');
    await db.query('DROP TABLE admin_agreements');
  }
}
