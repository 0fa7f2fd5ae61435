import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Stored notifications. The bell reads a user's newest first and counts their unread ones; the cleanup
 * removes read ones after 90 days. Both belong to the user and go with the account.
 */
export class Notifications1764900000000 implements MigrationInterface {
  name = 'Notifications1764900000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE notifications (
        id serial PRIMARY KEY,
        user_id int NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        type varchar(40) NOT NULL,
        title varchar(255) NOT NULL,
        message text NOT NULL,
        params jsonb NOT NULL DEFAULT '{}',
        link varchar(500),
        read boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    await db.query('CREATE INDEX notifications_user_created ON notifications (user_id, created_at DESC, id DESC)');
    await db.query('CREATE INDEX notifications_user_unread ON notifications (user_id) WHERE NOT read');
    await db.query('CREATE INDEX notifications_read_created ON notifications (created_at) WHERE read');
    await db.query(`
      CREATE TABLE notification_preferences (
        user_id int PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        language varchar(2) NOT NULL
      )
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE notification_preferences');
    await db.query('DROP TABLE notifications');
  }
}
