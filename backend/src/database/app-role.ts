import { PgBoss } from 'pg-boss';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from './data-source-options';
import type { DatabaseHandle } from './open-database';

/** The schema pg-boss keeps its queues in. */
export const JOB_SCHEMA = 'pgboss';

/** The one table the app role may only add to and read: the audit trail (docs/security.md#the-audit-log). */
const APPEND_ONLY = 'admin_audit_log';

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The role a connection string signs in as. */
export const roleOf = (url: string) => decodeURIComponent(new URL(url).username);

/**
 * With a separate owner role (DATABASE_MIGRATION_URL): the migrations and pg-boss's own schema run on the owner's
 * connection, then the app role (DATABASE_URL's) gets what it needs on every table and no more: everything on the
 * data (a restore empties and refills it), only INSERT and SELECT on the audit trail, and the job queue's rows. Run at
 * every boot, so a table a new migration adds is granted too. Without an owner URL the app role owns the schema and
 * the migrations run on the app's own data source as before.
 */
export async function migrateAsOwner(handle: Extract<DatabaseHandle, { kind: 'postgres' }>): Promise<void> {
  if (!handle.ownerUrl) return;
  const owner = new DataSource(dataSourceOptions({ kind: 'postgres', url: handle.ownerUrl }, []));
  await owner.initialize();
  try {
    await installJobSchema(handle.ownerUrl);
    // The same role under another address (a host alias, other parameters) owns everything already: nothing to grant.
    if (roleOf(handle.url) !== roleOf(handle.ownerUrl)) await grantAppRole(owner, roleOf(handle.url));
  } finally {
    await owner.destroy();
  }
}

/** pg-boss installs or upgrades its schema at start: once here as the owner, so the app role's pg-boss only checks it. */
async function installJobSchema(ownerUrl: string): Promise<void> {
  const boss = new PgBoss({ connectionString: ownerUrl, max: 1, schema: JOB_SCHEMA, supervise: false, schedule: false });
  boss.on('error', () => undefined); // start() rejects with what matters
  await boss.start();
  await boss.stop({ graceful: false, close: true });
}

async function grantAppRole(owner: DataSource, appRole: string): Promise<void> {
  const app = quoteIdent(appRole);
  const jobs = quoteIdent(JOB_SCHEMA);
  // Instances starting together would GRANT on the same rows of the catalogue at once ('tuple concurrently updated'):
  // one at a time, in one transaction.
  await owner.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('eierportal-grant-app-role'))`);
    await tx.query(`
      GRANT USAGE ON SCHEMA public TO ${app};
      GRANT SELECT, INSERT, UPDATE, DELETE, TRUNCATE ON ALL TABLES IN SCHEMA public TO ${app};
      REVOKE UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON ${quoteIdent(APPEND_ONLY)} FROM ${app};
      GRANT SELECT, INSERT ON ${quoteIdent(APPEND_ONLY)} TO ${app};
      GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO ${app};
      GRANT USAGE ON SCHEMA ${jobs} TO ${app};
      GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${jobs} TO ${app};
      GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA ${jobs} TO ${app};
      GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA ${jobs} TO ${app};
    `);
  });
}
