import { MigrationInterface, QueryRunner } from 'typeorm';

/** Users, sessions, password reset tokens and the account-number log. */
export class Accounts1763800000000 implements MigrationInterface {
  name = 'Accounts1763800000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE users (
        id serial PRIMARY KEY,
        username varchar(255) NOT NULL,
        name varchar(255) NOT NULL,
        email varchar(255) NOT NULL,
        password varchar(255) NOT NULL,
        is_admin boolean NOT NULL DEFAULT false,
        is_mini_admin boolean NOT NULL DEFAULT false,
        is_blocked boolean NOT NULL DEFAULT false,
        block_reason text,
        blocked_at timestamptz,
        admin_info text,
        admin_info_updated_at timestamptz,
        last_login_at timestamptz,
        phone_number varchar(20),
        account_number varchar(30),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX users_username_key ON users (lower(username));

      CREATE TABLE session (
        sid varchar(255) PRIMARY KEY,
        sess jsonb NOT NULL,
        expire timestamptz NOT NULL,
        user_id int REFERENCES users(id) ON DELETE CASCADE
      );
      CREATE INDEX session_expire_idx ON session (expire);
      CREATE INDEX session_user_id_idx ON session (user_id);

      CREATE TABLE password_reset_tokens (
        id serial PRIMARY KEY,
        user_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        token varchar(128) NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX password_reset_tokens_user_id_idx ON password_reset_tokens (user_id);

      CREATE TABLE account_number_logs (
        id serial PRIMARY KEY,
        user_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        changed_by_id int REFERENCES users(id) ON DELETE SET NULL,
        old_account_number varchar(30),
        new_account_number varchar(30),
        change_reason text,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX account_number_logs_user_id_idx ON account_number_logs (user_id);
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE account_number_logs; DROP TABLE password_reset_tokens; DROP TABLE session; DROP TABLE users;`);
  }
}
