import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Personal API tokens (docs/security.md#api-tokens): a program calls the API as its owner with
 * `Authorization: Bearer eip_…`. Only the token's SHA-256 is stored, looked up through its unique index; a token
 * goes with its owner.
 */
export class ApiTokens1766470000000 implements MigrationInterface {
  name = 'ApiTokens1766470000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE api_tokens (
        id serial PRIMARY KEY,
        user_id int NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        name varchar(100) NOT NULL,
        scopes jsonb NOT NULL,
        token_hash char(64) NOT NULL,
        token_start varchar(12) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        last_used_at timestamptz
      )
    `);
    await db.query('CREATE UNIQUE INDEX api_tokens_hash ON api_tokens (token_hash)');
    await db.query('CREATE INDEX api_tokens_user ON api_tokens (user_id, id)');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE api_tokens');
  }
}
