import { Store, SessionData } from 'express-session';
import type { DataSource } from 'typeorm';

type Callback<T = void> = (err?: unknown, value?: T) => void;

const DEFAULT_TTL_MS = 30 * 24 * 3600 * 1000;
/** Sliding expiry is refreshed at most this often per session, so a read-only request costs no write. */
const TOUCH_INTERVAL_MS = 10 * 60 * 1000;

/**
 * express-session store on the `session` table, shared by PGlite and PostgreSQL.
 * (connect-pg-simple brings its own pg pool, which cannot reach PGlite; connect-typeorm refuses TypeORM 1.x.)
 */
export class DatabaseSessionStore extends Store {
  private readonly lastTouched = new Map<string, number>();

  constructor(private readonly db: DataSource) {
    super();
  }

  private expiryOf(sess: SessionData): Date {
    const expires = sess.cookie?.expires;
    return expires ? new Date(expires) : new Date(Date.now() + DEFAULT_TTL_MS);
  }

  override get(sid: string, cb: Callback<SessionData | null>): void {
    this.db
      .query('SELECT sess FROM session WHERE sid = $1 AND expire > now()', [sid])
      .then((rows: { sess: SessionData }[]) => cb(null, rows[0]?.sess ?? null), cb);
  }

  override set(sid: string, sess: SessionData, cb?: Callback): void {
    this.lastTouched.set(sid, Date.now());
    this.db
      .query(
        `INSERT INTO session (sid, sess, expire, user_id) VALUES ($1, $2, $3, $4)
         ON CONFLICT (sid) DO UPDATE SET sess = EXCLUDED.sess, expire = EXCLUDED.expire, user_id = EXCLUDED.user_id`,
        [sid, JSON.stringify(sess), this.expiryOf(sess), sess.userId ?? null],
      )
      .then(() => cb?.(), (e) => cb?.(e));
  }

  override touch(sid: string, sess: SessionData, cb?: Callback): void {
    const last = this.lastTouched.get(sid) ?? 0;
    if (Date.now() - last < TOUCH_INTERVAL_MS) return void cb?.();
    this.lastTouched.set(sid, Date.now());
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
