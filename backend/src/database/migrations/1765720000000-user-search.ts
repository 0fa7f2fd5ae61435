import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The searched text of a user, as the search reads it (users/user-search.ts builds the same expression for its
 * queries, and its test keeps the two equal: the index serves only a query with the very same expression).
 */
export const USER_SEARCH_INDEX_EXPRESSION = `to_tsvector('simple'::regconfig, coalesce(name, '') || ' ' || coalesce(username, '') || ' ' || coalesce(email, '') || ' ' || regexp_replace(coalesce(email, ''), '[^[:alnum:]]+', ' ', 'g') || ' ' || coalesce(phone_number, '') || ' ' || regexp_replace(coalesce(phone_number, ''), '[^0-9]', '', 'g') || ' ' || right(regexp_replace(coalesce(phone_number, ''), '[^0-9]', '', 'g'), 8))`;

/** Staff's user search by word prefix (users/user-search.ts): a GIN index on the searched text of each user. */
export class UserSearch1765720000000 implements MigrationInterface {
  name = 'UserSearch1765720000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE INDEX users_search_idx ON users USING gin (${USER_SEARCH_INDEX_EXPRESSION})`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX users_search_idx');
  }
}
