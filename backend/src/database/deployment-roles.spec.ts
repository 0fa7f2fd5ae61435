import { readFileSync } from 'node:fs';
import path from 'node:path';

/** docker-compose.yml runs the app as a role of its own, never the database's superuser (docs/operations.md#database-roles). */
const root = path.resolve(__dirname, '../../..');
const compose = readFileSync(path.join(root, 'docker-compose.yml'), 'utf8');
const init = readFileSync(path.join(root, 'deploy/postgres-init/10-roles.sh'), 'utf8');
const userOf = (setting: string) => new RegExp(`${setting}: postgres://([^:]+):`).exec(compose)?.[1];

describe('docker-compose.yml and the database roles', () => {
  it('serves as the app role, migrates as the owner role, and neither is the superuser', () => {
    const superuser = /POSTGRES_USER: (\S+)/.exec(compose)?.[1];
    expect(userOf('DATABASE_URL')).toBe('eierportal_app');
    expect(userOf('DATABASE_MIGRATION_URL')).toBe('eierportal');
    expect(superuser).toBe('postgres');
    expect(init).toMatch(/CREATE ROLE eierportal LOGIN PASSWORD/);
    expect(init).toMatch(/CREATE ROLE eierportal_app LOGIN PASSWORD/);
    expect(init).not.toMatch(/SUPERUSER|CREATEROLE|BYPASSRLS/);
  });

  it('requires every password as it requires SESSION_SECRET: none has a default', () => {
    for (const name of ['SESSION_SECRET', 'POSTGRES_PASSWORD', 'DB_OWNER_PASSWORD', 'DB_APP_PASSWORD']) expect(compose).toContain(`\${${name}:?`);
    expect(compose).not.toMatch(/(POSTGRES|DB_OWNER|DB_APP)_PASSWORD:-/);
    expect(compose).not.toContain('change-me');
  });
});
