import { Store, SessionData } from 'express-session';
import type { DataSource } from 'typeorm';
import type { Clock } from '../adapters/clock';

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

  constructor(private readonly db: DataSource, private readonly clock: Clock) {
    super();
  }

  /** A session lives its cookie's max age from now, by the clock. */
  private expiryOf(sess: SessionData): Date {
    return new Date(this.clock.now().getTime() + (sess.cookie?.originalMaxAge ?? DEFAULT_TTL_MS));
  }

  override get(sid: string, cb: Callback<SessionData | null>): void {
    this.db
      .query('SELECT sess FROM session WHERE sid = $1 AND expire > $2', [sid, this.clock.now()])
      .then((rows: { sess: SessionData }[]) => cb(null, rows[0]?.sess ?? null), cb);
  }

  override set(sid: string, sess: SessionData, cb?: Callback): void {
    this.lastTouched.set(sid, this.clock.now().getTime());
    this.db
      .query(
        `INSERT INTO session (sid, sess, expire, user_id) VALUES ($1, $2, $3, $4)
         ON CONFLICT (sid) DO UPDATE SET sess = EXCLUDED.sess, expire = EXCLUDED.expire, user_id = EXCLUDED.user_id`,
        [sid, JSON.stringify(sess), this.expiryOf(sess), sess.userId ?? null],
      )
      .then(() => cb?.(), (e) => cb?.(e));
  }

  override touch(sid: string, sess: SessionData, cb?: Callback): void {
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
