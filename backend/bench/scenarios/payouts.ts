import type { ServerResponse } from 'node:http';
import { DataSource } from 'typeorm';
import { mapPayout, type AdminPayoutResponse } from '../../src/payouts/payouts.dto';
import { Payout } from '../../src/payouts/payout.entity';
import { PayoutsService } from '../../src/payouts/payouts.service';
import { firstPropertySql } from '../../src/properties/properties.types';
import { UsersService } from '../../src/users/users.service';
import type { AppUnderTest } from '../lib/app-under-test';
import { sameAnswer, sendJson, sessionUser, startBaseline } from '../lib/baseline';
import type { QueryPool } from '../lib/engines';
import { measure } from '../lib/load';
import { captureStatement, entityReader, ReplayableStatement } from '../lib/replay-sql';
import { Scenario, versusBaseline } from '../lib/scenario';

const OWNERS = Number(process.env.BENCH_PAYOUT_OWNERS || 10_000);
const YEARS = [2022, 2023, 2024, 2025, 2026];
const YEAR = 2026;
const PASSWORD = 'bench-passord-123';
const OWNER = 'bench-payout-owner-0@example.com';
const ADMIN = 'bench-payout-admin@example.com';
/** react-admin's first page of the payouts list filtered by year, as the back office asks for it. */
const ADMIN_QUERY = `?sort=${encodeURIComponent('["id","ASC"]')}&range=${encodeURIComponent('[0,24]')}&filter=${encodeURIComponent(`{"year":${YEAR}}`)}`;

const METHOD =
  `${OWNERS.toLocaleString('en')} owners × ${YEARS.length} years × 12 months of payouts. payouts-owner-year: an owner's GET /api/user/payouts/year/${YEAR} against a ` +
  'bare node:http + pg handler (session, user, the statement PayoutsService.forYear sends, mapPayout). payouts-admin-list: an admin\'s first ' +
  `page of GET /api/admin/payouts filtered by year ${YEAR}, against a handler with the same count, page and owner-name reads in plain SQL.`;

/** The owner's year and the admin list by year, each against a bare baseline; target ≥ 50 %. */
export const payouts: Scenario = {
  name: 'payouts',
  title: `payouts: owner's year and admin list by year, ${OWNERS.toLocaleString('en')} owners × ${YEARS.length} years`,

  async run({ db, app, load }) {
    const ownerId = await seed(app);
    const dataSource = app.app.get(DataSource);
    const users = app.app.get(UsersService);
    // Captured before any login: a login's rate-limit bookkeeping finishes after its answer and would be caught too.
    const userById = await captureStatement(dataSource, { id: ownerId }, () => users.findById(ownerId));
    const [{ property_id: propertyId }] = await dataSource.query(`SELECT ${firstPropertySql('$1')} AS property_id`, [ownerId]);
    const forYear = await captureStatement(dataSource, { propertyId, year: YEAR }, () => app.app.get(PayoutsService).forYear(propertyId, YEAR));
    const ownerCookie = await app.login(OWNER, PASSWORD);
    const adminCookie = await app.login(ADMIN, PASSWORD);

    const pool = db.openBaselinePool();
    const readPayout = entityReader(dataSource, Payout, 'Payout');
    const baseline = await startBaseline(async (req, res) => {
      const user = await sessionUser(pool, app.sessionSecret, userById.sql, req);
      if (!user) return sendJson(res, 401, { message: 'Du må logge inn' });
      if (req.url?.startsWith('/api/user/payouts/')) return ownerYear(pool, forYear, user.id, res, readPayout);
      const staff = user as { isAdmin?: boolean; isMiniAdmin?: boolean };
      if (!staff.isAdmin && !staff.isMiniAdmin) return sendJson(res, 403, { message: 'Ingen tilgang' });
      return adminList(pool, res);
    });
    try {
      const entries = [];
      for (const [scenario, path, cookie] of [
        ['payouts-owner-year', `/api/user/payouts/year/${YEAR}`, ownerCookie],
        ['payouts-admin-list', `/api/admin/payouts${ADMIN_QUERY}`, adminCookie],
      ] as const) {
        const headers = { cookie };
        const expectBody = await sameAnswer(`${app.url}${path}`, `${baseline.url}${path}`, headers);
        const measured = {
          app: await measure({ url: `${app.url}${path}`, headers, expectBody }, load),
          baseline: await measure({ url: `${baseline.url}${path}`, headers, expectBody }, load),
        };
        entries.push(versusBaseline(scenario, measured, 0.5, { payoutRows: OWNERS * YEARS.length * 12 }, METHOD));
      }
      return entries;
    } finally {
      await baseline.close();
      await pool.end();
    }
  },
};

/** The owner's first property (the access rule's one read, the membership beside it), then its year. */
async function ownerYear(pool: QueryPool, forYear: ReplayableStatement<'propertyId' | 'year'>, userId: number, res: ServerResponse, read: (row: Record<string, unknown>) => Payout) {
  const { rows: [first] } = await pool.query(
    `SELECT p.id, m.role, m.can_see_money FROM properties p JOIN property_members m ON m.property_id = p.id AND m.user_id = $1
     WHERE p.deleted_at IS NULL ORDER BY m.joined_at, p.id LIMIT 1`,
    [userId],
  );
  const { rows } = await pool.query(forYear.sql, forYear.params({ propertyId: first.id, year: YEAR }));
  sendJson(res, 200, rows.map((row) => mapPayout(read(row))));
}

const ADMIN_COUNT_SQL = 'SELECT count(*)::int AS total FROM payouts WHERE year = $1';
const ADMIN_PAGE_SQL = `SELECT p.id, p.user_id AS "userId", p.property_id AS "propertyId", p.year, p.month, p.amount, p.currency, p.status, p.rental_days AS "rentalDays",
    p.paid_date AS "paidDate", p.notes, p.registered_by_id AS "registeredById", p.created_at AS "createdAt", p.updated_at AS "updatedAt",
    u.name AS "userName", u.username, pr.name AS "propertyName"
  FROM payouts p JOIN users u ON u.id = p.user_id LEFT JOIN properties pr ON pr.id = p.property_id WHERE p.year = $1 ORDER BY p.id ASC LIMIT 25 OFFSET 0`;

/** The back-office page: the staff check is the session user's role, then the count and the page with owner names. */
async function adminList(pool: QueryPool, res: ServerResponse) {
  const [{ rows: counted }, { rows }] = await Promise.all([pool.query(ADMIN_COUNT_SQL, [YEAR]), pool.query(ADMIN_PAGE_SQL, [YEAR])]);
  const body: AdminPayoutResponse[] = rows.map(({ userName, username, propertyName, ...payout }) => ({ ...mapPayout(payout as Payout), userName, username, propertyName }));
  res.setHeader('Content-Range', `payouts 0-${rows.length - 1}/${counted[0].total}`);
  res.setHeader('Access-Control-Expose-Headers', 'Content-Range');
  sendJson(res, 200, body);
}

/**
 * The owners, one of them and an admin through UsersService (argon2, so they can log in), the rest as rows with the
 * same password hash; then every owner's 60 months in one INSERT … SELECT.
 */
async function seed(app: AppUnderTest): Promise<number> {
  const users = app.app.get(UsersService);
  const db = app.app.get(DataSource);
  const owner = await users.create({ username: OWNER, name: 'Bench Eier 0', password: PASSWORD }, null);
  await users.create({ username: ADMIN, name: 'Bench Admin', password: PASSWORD, isAdmin: true }, null);
  const [{ password }] = await db.query('SELECT password FROM users WHERE id = $1', [owner.id]);
  await db.query(
    `INSERT INTO users (username, name, email, password)
     SELECT 'bench-payout-owner-' || g || '@example.com', 'Bench Eier ' || g, 'bench-payout-owner-' || g || '@example.com', $1
     FROM generate_series(1, $2::int) g`,
    [password, OWNERS - 1],
  );
  // Each owner's property, as the migration gave every owner one; the payouts land in it (fill_first_property).
  await db.query(`INSERT INTO properties (name, first_of_user) SELECT u.name, u.id FROM users u WHERE u.username LIKE 'bench-payout-owner-%' ON CONFLICT (first_of_user) DO NOTHING`);
  await db.query(
    `INSERT INTO property_members (property_id, user_id, role, share, can_see_money)
     SELECT p.id, p.first_of_user, 'owner', 100, true FROM properties p JOIN users u ON u.id = p.first_of_user
     WHERE u.username LIKE 'bench-payout-owner-%' ON CONFLICT DO NOTHING`,
  );
  await db.query(
    `INSERT INTO payouts (user_id, month, year, amount, status, rental_days)
     SELECT u.id, m, y, ((u.id * 7919 + m * 104729 + y) % 5000000) / 100.0,
            (ARRAY['pending', 'paid', 'sent', 'offset'])[1 + (u.id + m) % 4], (u.id + m) % 31
     FROM users u, generate_series(1, 12) m, unnest($1::int[]) y
     WHERE u.username LIKE 'bench-payout-owner-%'`,
    [YEARS],
  );
  await db.query('ANALYZE payouts');
  return owner.id;
}
