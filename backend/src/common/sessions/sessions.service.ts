import { Injectable } from '@nestjs/common';
import type { SessionData } from 'express-session';
import { DataSource } from 'typeorm';
import { Clock } from '../adapters/clock';
import { EventBus } from '../events/domain-events';

/** Ends sessions by user: on block, delete and password change every other session of that user must die. */
@Injectable()
export class SessionsService {
  constructor(private readonly db: DataSource, private readonly clock: Clock, private readonly events: EventBus) {}

  async endAllFor(userId: number, exceptSid?: string): Promise<void> {
    if (exceptSid) await this.db.query('DELETE FROM session WHERE user_id = $1 AND sid <> $2', [userId, exceptSid]);
    else await this.db.query('DELETE FROM session WHERE user_id = $1', [userId]);
    // Live sockets opened under those sessions close too, on whichever instance holds them.
    await this.events.broadcast('sessions.ended', { userId, exceptSid });
  }

  /** Logout ended one session: the sockets opened under it close. */
  async ended(userId: number, sid: string): Promise<void> {
    await this.events.broadcast('sessions.ended', { userId, sid });
  }

  /** The user's live sessions, most recently used first: what Settings → Sessions lists (docs/security.md). */
  async listFor(userId: number): Promise<{ publicId: string; sid: string; createdAt: Date; lastSeenAt: Date; client: SessionData['client'] }[]> {
    const rows: { public_id: string; sid: string; created_at: Date; last_seen_at: Date; sess: SessionData }[] = await this.db.query(
      'SELECT public_id, sid, created_at, last_seen_at, sess FROM session WHERE user_id = $1 AND expire > $2 ORDER BY last_seen_at DESC, created_at DESC',
      [userId, this.clock.now()],
    );
    return rows.map((r) => ({ publicId: r.public_id, sid: r.sid, createdAt: new Date(r.created_at), lastSeenAt: new Date(r.last_seen_at), client: r.sess.client }));
  }

  /** Ends one of the user's sessions by its public id; false when they have none such. Its sockets close. */
  async endOne(userId: number, publicId: string): Promise<boolean> {
    const [rows] = await this.db.query('DELETE FROM session WHERE user_id = $1 AND public_id = $2 RETURNING sid', [userId, publicId]);
    const sid = (rows as { sid: string }[] | undefined)?.[0]?.sid;
    if (!sid) return false;
    await this.ended(userId, sid);
    return true;
  }

  async removeExpired(): Promise<number> {
    const [, count] = await this.db.query('DELETE FROM session WHERE expire < $1', [this.clock.now()]);
    return Number(count ?? 0);
  }
}
