import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Events, marked days, notes on imported events, collaboration tables and the admin audit log.
 * Calendar reads are always (user, time range): a GiST index over (user_id, tstzrange) answers them without
 * scanning a host's whole history, however long it is.
 */
export class Calendar1763900000000 implements MigrationInterface {
  name = 'Calendar1763900000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE EXTENSION IF NOT EXISTS btree_gist;

      CREATE TABLE events (
        id serial PRIMARY KEY,
        user_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        title varchar(500) NOT NULL,
        description text,
        start_time timestamptz NOT NULL,
        end_time timestamptz,
        ends_at timestamptz NOT NULL,
        all_day boolean NOT NULL DEFAULT false,
        color varchar(20) NOT NULL DEFAULT '#ef4444',
        admin_color_override varchar(20),
        routes jsonb NOT NULL DEFAULT '[]',
        source jsonb,
        is_collaborative boolean NOT NULL DEFAULT false,
        collaboration_code varchar(64) UNIQUE,
        is_blocked boolean NOT NULL DEFAULT false,
        location text,
        organizer text,
        categories text,
        transparency varchar(20),
        rrule text,
        sequence int NOT NULL DEFAULT 0,
        is_private boolean NOT NULL DEFAULT false,
        sync_to_external boolean NOT NULL DEFAULT false,
        csv_protected boolean NOT NULL DEFAULT false,
        created_by_id int REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (ends_at >= start_time)
      );
      CREATE INDEX events_user_time_idx ON events USING gist (user_id, tstzrange(start_time, ends_at, '[)'));
      CREATE INDEX events_user_start_idx ON events (user_id, start_time);

      CREATE TABLE marked_days (
        id serial PRIMARY KEY,
        user_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        date date NOT NULL,
        marker_type varchar(20) NOT NULL,
        color varchar(20) NOT NULL DEFAULT '#8b5cf6',
        notes text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (user_id, date)
      );

      CREATE TABLE ical_event_notes (
        id serial PRIMARY KEY,
        user_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        event_external_id varchar(512) NOT NULL,
        notes text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (user_id, event_external_id)
      );

      CREATE TABLE event_collaborators (
        id serial PRIMARY KEY,
        event_id int NOT NULL REFERENCES events(id) ON DELETE CASCADE,
        user_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        role varchar(20) NOT NULL DEFAULT 'guest',
        joined_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (event_id, user_id)
      );

      CREATE TABLE event_suggestions (
        id serial PRIMARY KEY,
        event_id int NOT NULL REFERENCES events(id) ON DELETE CASCADE,
        suggested_by int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        type varchar(30) NOT NULL,
        original_value text,
        suggested_value text,
        status varchar(20) NOT NULL DEFAULT 'pending',
        resolved_by int REFERENCES users(id) ON DELETE SET NULL,
        resolved_at timestamptz,
        message text,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX event_suggestions_event_idx ON event_suggestions (event_id);

      CREATE TABLE admin_audit_log (
        id serial PRIMARY KEY,
        actor_id int REFERENCES users(id) ON DELETE SET NULL,
        target_user_id int REFERENCES users(id) ON DELETE CASCADE,
        action varchar(60) NOT NULL,
        details jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX admin_audit_log_target_idx ON admin_audit_log (target_user_id, created_at);
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE admin_audit_log, event_suggestions, event_collaborators, ical_event_notes, marked_days, events;`);
  }
}
