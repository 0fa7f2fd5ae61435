import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { loadConfig } from '../src/config/app-config';
import { TestApp } from './helpers/test-app';

/**
 * The app's own role and the owner role (docs/operations.md#database-roles): on PostgreSQL the app connects as a role
 * that may only add to and read the audit trail, while the migrations run as the schema's owner. PGlite has one
 * embedded user, so this suite runs on PostgreSQL only (DATABASE_URL); the trail's survival of a restore is tested
 * on both engines in backups.e2e-spec.ts.
 */
const base = process.env.DATABASE_URL;
const onPostgres = base ? describe : describe.skip;

const withUser = (url: string, user: string, password: string, database?: string) => {
  const u = new URL(url);
  u.username = user;
  u.password = password;
  if (database) u.pathname = `/${database}`;
  return u.toString();
};

/** Statements one by one: CREATE and DROP DATABASE refuse to run in the transaction a multi-statement query is. */
async function asSuperuser(...statements: string[]): Promise<void> {
  const u = new URL(base!);
  u.pathname = '/postgres';
  const client = new Client({ connectionString: u.toString() });
  await client.connect();
  try {
    for (const sql of statements) await client.query(sql);
  } finally {
    await client.end();
  }
}

onPostgres('on PostgreSQL with an owner role and an app role', () => {
  // Named after this worker's database, so parallel runs on one server never share them.
  const db = `${new URL(base ?? 'postgres://x/test').pathname.slice(1)}_roles`;
  const owner = `${db}_owner`;
  const app = `${db}_app`;
  const ownerUrl = withUser(base ?? 'postgres://x', owner, 'owner-pw', db);
  const appUrl = withUser(base ?? 'postgres://x', app, 'app-pw', db);
  let t: TestApp;

  const dropAll = () =>
    asSuperuser(`DROP DATABASE IF EXISTS "${db}" WITH (FORCE)`, `DROP ROLE IF EXISTS "${app}"`, `DROP ROLE IF EXISTS "${owner}"`);

  beforeAll(async () => {
    await dropAll();
    await asSuperuser(`CREATE ROLE "${owner}" LOGIN PASSWORD 'owner-pw'`, `CREATE ROLE "${app}" LOGIN PASSWORD 'app-pw'`, `CREATE DATABASE "${db}" OWNER "${owner}"`);
    t = await TestApp.startOn({ kind: 'postgres', url: appUrl, ownerUrl });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await dropAll();
  });

  it('reads DATABASE_MIGRATION_URL beside DATABASE_URL, and defaults it to DATABASE_URL', () => {
    expect(loadConfig({ DATABASE_URL: appUrl, DATABASE_MIGRATION_URL: ownerUrl }).databaseMigrationUrl).toBe(ownerUrl);
    expect(loadConfig({ DATABASE_URL: appUrl }).databaseMigrationUrl).toBe(appUrl);
    expect(() => loadConfig({ DATABASE_MIGRATION_URL: ownerUrl })).toThrow(/DATABASE_MIGRATION_URL is set without DATABASE_URL/);
  });

  it('the owner role owns the schema; the app role signs people in, and may not rewrite or delete audit rows', async () => {
    const ds = t.app.get(DataSource);
    const [{ current_user: who }] = await ds.query('SELECT current_user');
    expect(who).toBe(app);
    const owners: { tableowner: string }[] = await ds.query(`SELECT DISTINCT tableowner FROM pg_tables WHERE schemaname IN ('public', 'pgboss')`);
    expect(owners).toEqual([{ tableowner: owner }]);

    const { user } = await t.loginAs('user');
    const rows = await ds.query(`SELECT id FROM admin_audit_log WHERE target_user_id = $1 AND action = 'login'`, [user.id]);
    expect(rows).toHaveLength(1);
    // The trigger that refuses row changes could be dropped by the table's owner; the app role is not it, and has no right to try.
    for (const sql of [
      `UPDATE admin_audit_log SET action = 'x' WHERE id = ${rows[0].id}`,
      `DELETE FROM admin_audit_log WHERE id = ${rows[0].id}`,
      'TRUNCATE admin_audit_log',
      'ALTER TABLE admin_audit_log DISABLE TRIGGER admin_audit_log_append_only',
      'DROP TRIGGER admin_audit_log_append_only ON admin_audit_log',
    ]) {
      await expect(ds.query(sql)).rejects.toMatchObject({ code: expect.stringMatching(/^42501$/) });
    }
    expect(await ds.query(`SELECT action FROM admin_audit_log WHERE id = $1`, [rows[0].id])).toEqual([{ action: 'login' }]);
  });

  it('backup and restore work as the app role, and keep the trail written after the backup', async () => {
    const { agent: admin } = await t.loginAs('admin');
    const { filename } = (await admin.post('/api/admin/backups').expect(201)).body;
    await admin.put('/api/system-settings/calendar.eventColor').send({ value: '#123456' }).expect(200);
    const ds = t.app.get(DataSource);
    const before: { id: number; action: string }[] = await ds.query('SELECT id, action FROM admin_audit_log ORDER BY id');
    expect(before.at(-1)!.action).toBe('system_setting.changed');
    const restored = await admin.post(`/api/admin/backups/restore/${filename}`);
    expect([restored.status, restored.body.message]).toEqual([200, undefined]);
    expect(await ds.query('SELECT id, action FROM admin_audit_log ORDER BY id')).toEqual([...before, { id: expect.any(Number), action: 'backup.restore' }]);
  });

  it('the job queue runs as the app role', async () => {
    const { agent: admin } = await t.loginAs('admin');
    const jobs = (await admin.get('/api/admin/jobs').expect(200)).body as { id: string }[];
    expect(jobs.length).toBeGreaterThan(0);
    await admin.post(`/api/admin/jobs/${jobs[0].id}/run`).expect((r) => expect(r.status).toBeLessThan(300));
    await t.jobsDone();
  });
});
