import { DataSource } from 'typeorm';
import { mapUser } from '../../src/users/user.dto';
import { User } from '../../src/users/user.entity';
import { UsersService } from '../../src/users/users.service';
import { BaselineHandler, sameAnswer, SESSION_SQL, sendJson, sessionIdFromCookie, startBaseline } from '../lib/baseline';
import type { QueryPool } from '../lib/engines';
import { measure } from '../lib/load';
import { captureStatement, ReplayableStatement } from '../lib/replay-sql';
import { Scenario, versusBaseline } from '../lib/scenario';

const USERNAME = 'bench-current-user@example.com';
const PASSWORD = 'bench-passord-123';

/** GET /api/user with a valid session: session middleware, access guard (user row by id) and the JSON answer. */
export const currentUser: Scenario = {
  name: 'current-user',
  title: 'GET /api/user (authenticated)',

  async run({ db, app, load }) {
    const users = app.app.get(UsersService);
    const user = await users.create(
      { username: USERNAME, name: 'Bench Bruker', password: PASSWORD, phoneNumber: '+47 400 00 000', accountNumber: '1234.56.78903' },
      null,
    );
    // The statement the access guard's UsersService.findById really sends, replayed by the baseline. Captured before
    // logging in: a successful login gives its rate-limit hit back after the answer, a statement of its own.
    const userById = await captureStatement(app.app.get(DataSource), { id: user.id }, () => users.findById(user.id));
    const cookie = await app.login(USERNAME, PASSWORD);

    const pool = db.openBaselinePool();
    const baseline = await startBaseline(currentUserBaseline(pool, app.sessionSecret, userById));
    try {
      const headers = { cookie };
      const expectBody = await sameAnswer(`${app.url}/api/user`, `${baseline.url}/api/user`, headers);
      const measured = {
        app: await measure({ url: `${app.url}/api/user`, headers, expectBody }, load),
        baseline: await measure({ url: `${baseline.url}/api/user`, headers, expectBody }, load),
      };
      return [versusBaseline('current-user', measured, 0.5)];
    } finally {
      await baseline.close();
      await pool.end();
    }
  },
};

/** What the app does for this request, without Nest, Express, helmet, express-session or TypeORM entities. */
function currentUserBaseline(pool: QueryPool, secret: string, userById: ReplayableStatement<'id'>): BaselineHandler {
  return async (req, res) => {
    const sid = sessionIdFromCookie(req.headers.cookie, secret);
    const session = sid ? (await pool.query(SESSION_SQL, [sid])).rows[0]?.sess : undefined;
    const userId: number | undefined = session?.userId;
    // findById aliases every column as its entity property, so a row is the user as the app sees it.
    const user: User | undefined = userId ? (await pool.query(userById.sql, userById.params({ id: userId }))).rows[0] : undefined;
    if (!user || user.isBlocked) return sendJson(res, 401, { message: 'Du må logge inn' });
    sendJson(res, 200, mapUser(user));
  };
}
