import { Injectable } from '@nestjs/common';
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

  async removeExpired(): Promise<number> {
    const [, count] = await this.db.query('DELETE FROM session WHERE expire < $1', [this.clock.now()]);
    return Number(count ?? 0);
  }
}
