import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../adapters/clock';

/** Ends sessions by user: on block, delete and password change every other session of that user must die. */
@Injectable()
export class SessionsService {
  constructor(private readonly db: DataSource, private readonly clock: Clock) {}

  async endAllFor(userId: number, exceptSid?: string): Promise<void> {
    if (exceptSid) await this.db.query('DELETE FROM session WHERE user_id = $1 AND sid <> $2', [userId, exceptSid]);
    else await this.db.query('DELETE FROM session WHERE user_id = $1', [userId]);
  }

  async removeExpired(): Promise<number> {
    const [, count] = await this.db.query('DELETE FROM session WHERE expire < $1', [this.clock.now()]);
    return Number(count ?? 0);
  }
}
