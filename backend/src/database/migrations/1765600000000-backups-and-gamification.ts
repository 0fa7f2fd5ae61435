import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The backup history (docs/product/system.md#backups) and the gamification tables, which exist in the data model (and in
 * every backup) though no screen uses them yet.
 *
 * `backups` describes files in BACKUP_DIR; it is left out of backups and restores (a restore must not forget the
 * files made after the one restored), and so it has no foreign key into the restored tables.
 */
export class BackupsAndGamification1765600000000 implements MigrationInterface {
  name = 'BackupsAndGamification1765600000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE backups (
        id serial PRIMARY KEY,
        filename varchar(255) NOT NULL UNIQUE,
        created_at timestamptz NOT NULL,
        size bigint NOT NULL,
        is_automatic boolean NOT NULL DEFAULT true,
        summary jsonb NOT NULL,
        schema_version varchar(100) NOT NULL
      );
      CREATE INDEX backups_created_at_idx ON backups (created_at DESC);

      CREATE TABLE achievements (
        id serial PRIMARY KEY,
        name varchar(255) NOT NULL,
        description text,
        category varchar(50),
        icon varchar(100),
        points_value int NOT NULL DEFAULT 10,
        difficulty varchar(20) NOT NULL DEFAULT 'medium',
        requirement jsonb,
        is_active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE user_achievements (
        id serial PRIMARY KEY,
        user_id int NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        achievement_id int NOT NULL REFERENCES achievements (id) ON DELETE CASCADE,
        progress int NOT NULL DEFAULT 0,
        unlocked_at timestamptz,
        UNIQUE (user_id, achievement_id)
      );
      CREATE TABLE badges (
        id serial PRIMARY KEY,
        name varchar(255) NOT NULL,
        description text,
        icon varchar(100),
        color varchar(20),
        level int NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE user_badges (
        id serial PRIMARY KEY,
        user_id int NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        badge_id int NOT NULL REFERENCES badges (id) ON DELETE CASCADE,
        earned_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (user_id, badge_id)
      );
      CREATE TABLE user_points (
        user_id int PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        total_points int NOT NULL DEFAULT 0,
        level int NOT NULL DEFAULT 1,
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE point_transactions (
        id serial PRIMARY KEY,
        user_id int NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        points int NOT NULL,
        reason varchar(255) NOT NULL,
        achievement_id int REFERENCES achievements (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX point_transactions_user_idx ON point_transactions (user_id, created_at);
      CREATE TABLE user_streaks (
        id serial PRIMARY KEY,
        user_id int NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        streak_type varchar(50) NOT NULL,
        current_streak int NOT NULL DEFAULT 0,
        longest_streak int NOT NULL DEFAULT 0,
        last_activity_date date,
        UNIQUE (user_id, streak_type)
      );
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      DROP TABLE user_streaks; DROP TABLE point_transactions; DROP TABLE user_points; DROP TABLE user_badges;
      DROP TABLE badges; DROP TABLE user_achievements; DROP TABLE achievements; DROP TABLE backups;
    `);
  }
}
