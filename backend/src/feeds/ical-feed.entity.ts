import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** An external iCal calendar (Airbnb, Booking.com, VRBO, Google…) imported into a user's calendar, with its sync state. */
@Entity('ical_feeds')
export class IcalFeed {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  userId: number;

  @Column({ type: 'varchar', length: 255 })
  name: string;

  @Column({ type: 'text' })
  url: string;

  @Column({ type: 'varchar', length: 20, default: '#8b5cf6' })
  color: string;

  @Column({ type: 'boolean', default: true })
  enabled: boolean;

  @Column({ type: 'varchar', length: 20, default: 'import' })
  feedType: string;

  @Column({ type: 'text', nullable: true })
  apiEndpoint: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  externalId: string | null;

  @Column({ type: 'text', nullable: true })
  apiKey: string | null;

  @Column({ type: 'varchar', length: 20, default: 'ical' })
  syncMethod: string;

  /** Last successful sync (a 304 counts: the feed answered and nothing changed). */
  @Column({ type: 'timestamptz', nullable: true })
  lastSynced: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  lastAttemptAt: Date | null;

  @Column({ type: 'text', nullable: true })
  lastError: string | null;

  /** lastError's message code and parameters (feeds/sync-messages.ts), for clients that translate it. */
  @Column({ type: 'varchar', length: 60, nullable: true })
  lastErrorCode: string | null;

  @Column({ type: 'jsonb', nullable: true })
  lastErrorParams: Record<string, string | number> | null;

  /** Set when the last parse skipped some events (a partial import). */
  @Column({ type: 'text', nullable: true })
  lastWarning: string | null;

  @Column({ type: 'varchar', length: 60, nullable: true })
  lastWarningCode: string | null;

  @Column({ type: 'jsonb', nullable: true })
  lastWarningParams: Record<string, string | number> | null;

  @Column({ type: 'int', default: 0 })
  consecutiveFailures: number;

  @Column({ type: 'int', default: 0 })
  eventCount: number;

  @Column({ type: 'text', nullable: true })
  etag: string | null;

  @Column({ type: 'text', nullable: true })
  lastModified: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  contentHash: string | null;

  /** Valid parses in a row that would have emptied a feed with future events; removal waits for the second. */
  @Column({ type: 'int', default: 0 })
  emptyPulls: number;

  /** Last time a body was parsed and stored (a 304 or an unchanged hash does not count). */
  @Column({ type: 'timestamptz', nullable: true })
  lastParsedAt: Date | null;

  @Column({ type: 'timestamptz' })
  nextSyncAt: Date;

  /** When the owner was told the feed keeps failing past FEED_STALE_HOURS; cleared (and told) when it recovers. */
  @Column({ type: 'timestamptz', nullable: true })
  failingNotifiedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
