import { Injectable, OnModuleInit } from '@nestjs/common';
import { BookingSourceScheduler, ScheduledSource } from '../bookings/booking-source-scheduler.service';
import { Beds24SyncService } from './beds24-sync.service';
import { Beds24Service } from './beds24.service';

export const BEDS24_SYNC_QUEUE = 'beds24-sync';
/** Syncs one instance runs at once; calls of one Beds24 account are serialised by the client anyway. */
export const BEDS24_SYNC_CONCURRENCY = 2;

/**
 * Keeps Beds24 configurations in sync on the booking sources' scheduler (BookingSourceScheduler): a tick every
 * minute enqueues each due configuration (due every BEDS24_SYNC_MINUTES, at least 5); one that needs new
 * credentials is not due until its key is replaced.
 */
@Injectable()
export class Beds24Scheduler implements OnModuleInit {
  private source!: ScheduledSource;

  constructor(
    private readonly scheduler: BookingSourceScheduler,
    private readonly configs: Beds24Service,
    private readonly sync: Beds24SyncService,
  ) {}

  onModuleInit(): void {
    this.source = this.scheduler.register({
      queue: BEDS24_SYNC_QUEUE,
      schedule: '0 * * * * *',
      dueIds: (now, limit) => this.configs.dueIds(now, limit),
      dueLimit: 1000,
      propertySourceIds: (propertyId) => this.configs.syncedIdsOf(propertyId),
      syncOne: (id, options) => this.sync.sync(id, options),
      concurrency: () => BEDS24_SYNC_CONCURRENCY,
      // A sync is bounded by the client's time-outs and waits (a few pages of 30 s at most, waits of 30 s at most).
      queueOptions: { retryLimit: 1, retryDelay: 60, expireInSeconds: 900 },
    });
  }

  /** Enqueues every due configuration; answers how many. */
  tick(now?: Date): Promise<number> {
    return this.source.tick(now);
  }

  enqueue(configId: number): Promise<string | null> {
    return this.source.enqueue(configId);
  }

  /** Resolves when the queued syncs have ended (tests). */
  whenIdle(): Promise<void> {
    return this.source.whenIdle();
  }
}
