import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Two-factor sign-in, the sessions a person can see, and an audit log that cannot be rewritten (docs/security.md).
 *
 * The audit log loses its foreign keys: a row must outlive the accounts it names (deleting a user used to cascade
 * into their rows, or null the actor), and the trigger below refuses every UPDATE and DELETE, which an ON DELETE
 * action would be. TRUNCATE (a backup restore puts the rows back) is not a row change and stays possible.
 */
export class Trust1765820000000 implements MigrationInterface {
  name = 'Trust1765820000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE users ADD COLUMN two_factor_enabled boolean NOT NULL DEFAULT false;

      CREATE TABLE user_two_factor (
        user_id int PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        secret_sealed text,
        pending_secret_sealed text,
        enabled_at timestamptz,
        last_used_step bigint
      );

      CREATE TABLE user_recovery_codes (
        id serial PRIMARY KEY,
        user_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        code_hash varchar(255) NOT NULL,
        used_at timestamptz
      );
      CREATE INDEX user_recovery_codes_user_idx ON user_recovery_codes (user_id);

      ALTER TABLE session ADD COLUMN public_id uuid NOT NULL DEFAULT gen_random_uuid();
      ALTER TABLE session ADD COLUMN created_at timestamptz NOT NULL DEFAULT now();
      ALTER TABLE session ADD COLUMN last_seen_at timestamptz NOT NULL DEFAULT now();
      CREATE UNIQUE INDEX session_public_id_idx ON session (public_id);

      ALTER TABLE admin_audit_log DROP CONSTRAINT IF EXISTS admin_audit_log_actor_id_fkey;
      ALTER TABLE admin_audit_log DROP CONSTRAINT IF EXISTS admin_audit_log_target_user_id_fkey;
      ALTER TABLE admin_audit_log ADD COLUMN browser varchar(100);
      ALTER TABLE admin_audit_log ADD COLUMN os varchar(100);
      ALTER TABLE admin_audit_log ADD COLUMN ip_prefix varchar(64);

      CREATE FUNCTION admin_audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'admin_audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
      END;
      $$;
      CREATE TRIGGER admin_audit_log_append_only BEFORE UPDATE OR DELETE ON admin_audit_log
        FOR EACH ROW EXECUTE FUNCTION admin_audit_log_append_only();
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      DROP TRIGGER admin_audit_log_append_only ON admin_audit_log;
      DROP FUNCTION admin_audit_log_append_only();
      ALTER TABLE admin_audit_log DROP COLUMN ip_prefix, DROP COLUMN os, DROP COLUMN browser;
      DROP INDEX session_public_id_idx;
      ALTER TABLE session DROP COLUMN last_seen_at, DROP COLUMN created_at, DROP COLUMN public_id;
      DROP TABLE user_recovery_codes;
      DROP TABLE user_two_factor;
      ALTER TABLE users DROP COLUMN two_factor_enabled;
    `);
  }
}
