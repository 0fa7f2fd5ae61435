import type { ServerResponse } from 'node:http';
import { DataSource } from 'typeorm';
import { Case, CaseAttachment, CaseMessage } from '../../src/cases/case.entity';
import { mapCase, mapMessage } from '../../src/cases/cases.map';
import { CasesService } from '../../src/cases/cases.service';
import { UsersService } from '../../src/users/users.service';
import type { AppUnderTest } from '../lib/app-under-test';
import { sameAnswer, sendJson, sessionUser, startBaseline } from '../lib/baseline';
import type { QueryPool } from '../lib/engines';
import { measure } from '../lib/load';
import { captureStatement, entityReader } from '../lib/replay-sql';
import { Scenario, versusBaseline } from '../lib/scenario';

const CASES = Number(process.env.BENCH_CASES || 50_000);
const CASES_PER_OWNER = 10;
const MESSAGES = 200;
const PASSWORD = 'bench-passord-123';
const OWNER = 'bench-case-owner-0@example.com';

const METHOD =
  `${CASES.toLocaleString('en')} cases of ${(CASES / CASES_PER_OWNER).toLocaleString('en')} owners (2 messages each), one of them with ${MESSAGES} messages. ` +
  "cases-owner-list: an owner's GET /api/cases; case-messages: the owner's GET /api/cases/{id}/messages (which also marks staff's messages read). " +
  'Each against a bare node:http + pg handler with the same statements in plain SQL (session, user, the rows, names, unread counts or attachments) ' +
  'and the same mapping.';

/** An owner's case list and a case with 200 messages among 50,000 cases, against a bare baseline; ≥ 50 %. */
export const cases: Scenario = {
  name: 'cases',
  title: `cases: an owner's list and a case with ${MESSAGES} messages among ${CASES.toLocaleString('en')} cases`,

  async run({ db, app, load }) {
    const { ownerId, caseId } = await seed(app);
    const dataSource = app.app.get(DataSource);
    const users = app.app.get(UsersService);
    const userById = await captureStatement(dataSource, { id: ownerId }, () => users.findById(ownerId));
    const cookie = await app.login(OWNER, PASSWORD);
    // The first read marks staff's messages read; later reads (the app's and the baseline's) find none unread.
    await app.app.get(CasesService).listMessages({ id: ownerId, isAdmin: false, isMiniAdmin: false, isBlocked: false }, caseId);

    const pool = db.openBaselinePool();
    const readCase = entityReader(dataSource, Case, 'c');
    const readMessage = entityReader(dataSource, CaseMessage, 'm');
    const readAttachment = entityReader(dataSource, CaseAttachment, 'a');
    const baseline = await startBaseline(async (req, res) => {
      const user = await sessionUser(pool, app.sessionSecret, userById.sql, req);
      if (!user) return sendJson(res, 401, { message: 'Du må logge inn' });
      const messages = /^\/api\/cases\/(\d+)\/messages$/.exec(req.url ?? '');
      if (messages) return caseMessages(pool, res, user.id, Number(messages[1]), readMessage, readAttachment);
      return ownerList(pool, res, user.id, readCase);
    });
    try {
      const entries = [];
      for (const [scenario, path] of [
        ['cases-owner-list', '/api/cases'],
        ['case-messages', `/api/cases/${caseId}/messages`],
      ] as const) {
        const headers = { cookie };
        const expectBody = await sameAnswer(`${app.url}${path}`, `${baseline.url}${path}`, headers);
        const measured = {
          app: await measure({ url: `${app.url}${path}`, headers, expectBody }, load),
          baseline: await measure({ url: `${baseline.url}${path}`, headers, expectBody }, load),
        };
        entries.push(versusBaseline(scenario, measured, 0.5, { cases: CASES, messages: MESSAGES }, METHOD));
      }
      return entries;
    } finally {
      await baseline.close();
      await pool.end();
    }
  },
};

const columns = (alias: string, names: string[]) => names.map((n) => `${alias}.${n} AS "${alias}_${n}"`).join(', ');
const CASE_COLUMNS = columns('c', [
  'id', 'user_id', 'admin_id', 'department', 'case_number', 'title', 'category', 'priority', 'status', 'is_closed', 'closed_at', 'closed_by_id',
  'message_count', 'last_message', 'last_message_at', 'created_at', 'updated_at',
]);
const MESSAGE_COLUMNS = columns('m', ['id', 'case_id', 'sender_id', 'target_user_id', 'message', 'is_admin_message', 'is_read', 'read_at', 'created_at']);
const ATTACHMENT_COLUMNS = columns('a', ['id', 'case_id', 'message_id', 'file_id', 'file_name', 'file_type', 'file_size', 'uploader_id', 'created_at']);
const NAMES_SQL = 'SELECT id, name FROM users WHERE id = ANY($1)';

/** The owner's cases, the names on them, and the owner's unread count per case (staff's unread messages). */
async function ownerList(pool: QueryPool, res: ServerResponse, userId: number, read: (row: Record<string, unknown>) => Case) {
  const { rows } = await pool.query(`SELECT ${CASE_COLUMNS} FROM cases c WHERE c.user_id = $1 ORDER BY c.updated_at DESC, c.id DESC`, [userId]);
  const list = rows.map(read);
  if (!list.length) return sendJson(res, 200, []);
  const ids = list.map((c) => c.id);
  const [{ rows: names }, { rows: unread }] = await Promise.all([
    pool.query(NAMES_SQL, [[...new Set(list.flatMap((c) => (c.adminId ? [c.userId, c.adminId] : [c.userId])))]]),
    pool.query('SELECT case_id, count(*)::int AS n FROM case_messages WHERE case_id = ANY($1) AND NOT is_read AND is_admin_message GROUP BY case_id', [ids]),
  ]);
  const nameOf = new Map(names.map((r) => [r.id as number, r.name as string]));
  const unreadOf = new Map(unread.map((r) => [r.case_id as number, r.n as number]));
  sendJson(
    res,
    200,
    list.map((kase) => mapCase({ kase, userName: nameOf.get(kase.userId) ?? null, adminName: kase.adminId ? (nameOf.get(kase.adminId) ?? null) : null, propertyName: null, unreadCount: unreadOf.get(kase.id) ?? 0 })),
  );
}

/** The owner's case: staff's unread messages marked read, then the messages, their senders and attachments. */
async function caseMessages(
  pool: QueryPool,
  res: ServerResponse,
  userId: number,
  caseId: number,
  readMessage: (row: Record<string, unknown>) => CaseMessage,
  readAttachment: (row: Record<string, unknown>) => CaseAttachment,
) {
  const { rows: owned } = await pool.query('SELECT user_id FROM cases WHERE id = $1', [caseId]);
  if (owned[0]?.user_id !== userId) return sendJson(res, 404, { message: 'Saken finnes ikke' });
  await pool.query('UPDATE case_messages SET is_read = true, read_at = now() WHERE case_id = $1 AND NOT is_read AND is_admin_message', [caseId]);
  const { rows } = await pool.query(`SELECT ${MESSAGE_COLUMNS} FROM case_messages m WHERE m.case_id = $1 ORDER BY m.created_at ASC, m.id ASC`, [caseId]);
  const messages = rows.map(readMessage);
  const [{ rows: names }, { rows: files }] = await Promise.all([
    pool.query(NAMES_SQL, [[...new Set(messages.flatMap((m) => (m.senderId ? [m.senderId] : [])))]]),
    pool.query(`SELECT ${ATTACHMENT_COLUMNS} FROM case_attachments a WHERE a.message_id = ANY($1) ORDER BY a.id ASC`, [messages.map((m) => m.id)]),
  ]);
  const nameOf = new Map(names.map((r) => [r.id as number, r.name as string]));
  const attachments = files.map(readAttachment);
  sendJson(
    res,
    200,
    messages.map((message) => mapMessage({ message, senderName: message.senderId ? (nameOf.get(message.senderId) ?? null) : null, attachments: attachments.filter((a) => a.messageId === message.id) })),
  );
}

/**
 * The owners (one through UsersService, so it can log in; the rest as rows with its hash) and an admin, their cases
 * with an owner's question and staff's answer each, and one case of the first owner with 200 messages.
 */
async function seed(app: AppUnderTest): Promise<{ ownerId: number; caseId: number }> {
  const users = app.app.get(UsersService);
  const db = app.app.get(DataSource);
  const owner = await users.create({ username: OWNER, name: 'Bench Eier 0', password: PASSWORD }, null);
  const admin = await users.create({ username: 'bench-case-admin@example.com', name: 'Bench Kundeservice', password: PASSWORD, isAdmin: true }, null);
  const [{ password }] = await db.query('SELECT password FROM users WHERE id = $1', [owner.id]);
  await db.query(
    `INSERT INTO users (username, name, email, password)
     SELECT 'bench-case-owner-' || g || '@example.com', 'Bench Eier ' || g, 'bench-case-owner-' || g || '@example.com', $1
     FROM generate_series(1, $2::int) g`,
    [password, CASES / CASES_PER_OWNER - 1],
  );
  await db.query(
    `INSERT INTO cases (user_id, admin_id, case_number, title, category, priority, status, message_count, last_message, last_message_at, created_at, updated_at)
     SELECT u.id, $1, 'K-2026-' || lpad(nextval('case_number_seq')::text, 6, '0'), 'Sak ' || k, 'other', 'medium', 'in_progress', 2, 'Svar',
            now() - (k || ' hours')::interval, now() - (k || ' days')::interval, now() - (k || ' hours')::interval
     FROM users u, generate_series(1, $2::int) k
     WHERE u.username LIKE 'bench-case-owner-%'`,
    [admin.id, CASES_PER_OWNER],
  );
  await db.query(
    `INSERT INTO case_messages (case_id, sender_id, message, is_admin_message, is_read, created_at)
     SELECT c.id, s.sender, s.text, s.staff, s.staff = false, c.created_at + (s.n || ' minutes')::interval
     FROM cases c CROSS JOIN LATERAL (VALUES (1, c.user_id, 'Spørsmål', false), (2, c.admin_id, 'Svar', true)) AS s(n, sender, text, staff)`,
  );
  const [{ id: caseId }] = await db.query(`SELECT id FROM cases WHERE user_id = $1 ORDER BY id LIMIT 1`, [owner.id]);
  await db.query(
    `INSERT INTO case_messages (case_id, sender_id, message, is_admin_message, created_at)
     SELECT $1::int, CASE WHEN g % 2 = 0 THEN $2::int ELSE $3::int END, 'Melding nummer ' || g, g % 2 = 1, now() - interval '30 days' + (g || ' minutes')::interval
     FROM generate_series(3, $4::int) g`,
    [caseId, owner.id, admin.id, MESSAGES],
  );
  await db.query(`UPDATE cases SET message_count = $2 WHERE id = $1`, [caseId, MESSAGES]);
  await db.query('ANALYZE cases');
  await db.query('ANALYZE case_messages');
  return { ownerId: owner.id, caseId };
}
