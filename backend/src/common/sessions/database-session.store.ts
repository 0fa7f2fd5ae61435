import type { Request } from 'express';
import { Store, SessionData, Session } from 'express-session';
import type { DataSource } from 'typeorm';
import type { Clock } from '../adapters/clock';
import { keepUserReadWithSession, type SessionUser, type SessionUserLookup } from '../session-user';

type Callback<T = void> = (err?: unknown, value?: T) => void;

const DEFAULT_TTL_MS = 30 * 24 * 3600 * 1000;
/** Sliding expiry is refreshed at most this often per session, so a read-only request costs no write. */
const TOUCH_INTERVAL_MS = 10 * 60 * 1000;
/** The session's own column in the joined read; every other column is the user's. */
const SESS_COLUMN = '__sess';
const SEEN_COLUMN = '__seen';

/**
 * express-session store on the `session` table, shared by PGlite and PostgreSQL.
 * (connect-pg-simple brings its own pg pool, which cannot reach PGlite; connect-typeorm refuses TypeORM 1.x.)
 */
export class DatabaseSessionStore extends Store {
  private readonly lastTouched = new Map<string, number>();
  /** From get to createSession: the user row read in the same statement as the session data. */
  private readonly usersReadWith = new WeakMap<SessionData, SessionUser>();
  private readSession?: string;

  /** `idleMs`: a session not used for this long is no session (SESSION_IDLE_DAYS; docs/security.md#sessions). */
  constructor(private readonly db: DataSource, private readonly clock: Clock, private readonly users: SessionUserLookup, private readonly idleMs = 14 * 24 * 3600 * 1000) {
    super();
  }

  /**
   * A session lives its cookie's max age from sign-in, by the clock: the browser drops the cookie then (it is set
   * once, at sign-in), and a copied cookie must not outlive it by being kept in use (docs/api.md, Sessions). A
   * session without signedInAt (stored before it was recorded) lives that age from its last use.
   */
  private expiryOf(sess: SessionData): Date {
    const ttl = sess.cookie?.originalMaxAge ?? DEFAULT_TTL_MS;
    const now = this.clock.now().getTime();
    return new Date(Math.min(now, sess.signedInAt ?? now) + ttl);
  }

  /**
   * The session and its user in one statement: the access guard then takes the user from here instead of asking the
   * database again (a read cost three round trips, the bare baseline one). The users module writes the user's part
   * (SessionUserLookup.joinOn, selectColumns). Same snapshot, same request, so the row is exactly as fresh as the
   * guard's own lookup was; a blocked user is still refused by the guard.
   */
  override get(sid: string, cb: Callback<SessionData | null>): void {
    this.readSession ??=
      `SELECT s.sess AS "${SESS_COLUMN}", s.last_seen_at AS "${SEEN_COLUMN}", ${this.users.selectColumns('u')} ` +
      `FROM session s ${this.users.joinOn('s.user_id', 'u')} WHERE s.sid = $1 AND s.expire > $2 AND s.last_seen_at > $3`;
    // 'Last seen' moves at most every TOUCH_INTERVAL_MS, so a session ends between idleMs and idleMs + 10 minutes unused.
    this.db.query(this.readSession, [sid, this.clock.now(), new Date(this.clock.now().getTime() - this.idleMs)]).then((rows: Record<string, unknown>[]) => {
      if (!rows[0]) return cb(null, null);
      const { [SESS_COLUMN]: sess, [SEEN_COLUMN]: seen, ...userRow } = rows[0];
      if (userRow.id != null) this.usersReadWith.set(sess as SessionData, this.users.fromRow(userRow));
      // 'Last seen' in the sessions list: written at most every TOUCH_INTERVAL_MS, so most reads cost no write.
      const now = this.clock.now();
      if (now.getTime() - new Date(seen as string).getTime() < TOUCH_INTERVAL_MS) return cb(null, sess as SessionData);
      this.db.query('UPDATE session SET last_seen_at = $2 WHERE sid = $1', [sid, now]).then(() => cb(null, sess as SessionData), cb);
    }, cb);
  }

  /** express-session builds the request's Session from what get returned: the user read with it goes along. */
  override createSession(req: Request, sess: SessionData): Session & SessionData {
    const user = this.usersReadWith.get(sess);
    const session = super.createSession(req, sess);
    if (user) keepUserReadWithSession(session, user);
    return session;
  }

  override set(sid: string, sess: SessionData, cb?: Callback): void {
    this.lastTouched.set(sid, this.clock.now().getTime());
    this.db
      .query(
        `INSERT INTO session (sid, sess, expire, user_id, created_at, last_seen_at) VALUES ($1, $2, $3, $4, $5, $5)
         ON CONFLICT (sid) DO UPDATE SET sess = EXCLUDED.sess, expire = EXCLUDED.expire, user_id = EXCLUDED.user_id`,
        [sid, JSON.stringify(sess), this.expiryOf(sess), sess.userId ?? null, this.clock.now()],
      )
      .then(() => cb?.(), (e) => cb?.(e));
  }

  override touch(sid: string, sess: SessionData, cb?: Callback): void {
    // Its end is fixed at sign-in: nothing to move.
    if (sess.signedInAt !== undefined) return void cb?.();
    const now = this.clock.now().getTime();
    const last = this.lastTouched.get(sid) ?? 0;
    if (now - last < TOUCH_INTERVAL_MS) return void cb?.();
    this.lastTouched.set(sid, now);
    if (this.lastTouched.size > 50_000) this.lastTouched.clear();
    this.db
      .query('UPDATE session SET expire = $2 WHERE sid = $1', [sid, this.expiryOf(sess)])
      .then(() => cb?.(), (e) => cb?.(e));
  }

  override destroy(sid: string, cb?: Callback): void {
    this.lastTouched.delete(sid);
    this.db.query('DELETE FROM session WHERE sid = $1', [sid]).then(() => cb?.(), (e) => cb?.(e));
  }
}
