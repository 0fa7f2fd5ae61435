import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { SyncState } from '../bookings/booking-source.types';

/** An external iCal calendar (Airbnb, Booking.com, VRBO, Google…) imported into a property's calendar, with its sync state. */
@Entity('ical_feeds')
export class IcalFeed {
  @PrimaryGeneratedColumn()
  id: number;

  /** Who added it (the feed's news names them; the back office lists them as its owner). */
  @Column({ type: 'int' })
  userId: number;

  /** The property whose calendar shows its bookings. */
  @Column({ type: 'int' })
  propertyId: number;

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

  /** The parameters of the sync state's lastErrorCode (feeds/sync-messages.ts), for clients that translate it. */
  @Column({ type: 'jsonb', nullable: true })
  lastErrorParams: Record<string, string | number> | null;

  /** Set when the last parse skipped some events (a partial import). */
  @Column({ type: 'text', nullable: true })
  lastWarning: string | null;

  @Column({ type: 'varchar', length: 60, nullable: true })
  lastWarningCode: string | null;

  @Column({ type: 'jsonb', nullable: true })
  lastWarningParams: Record<string, string | number> | null;

  @Column({ type: 'text', nullable: true })
  etag: string | null;

  @Column({ type: 'text', nullable: true })
  lastModified: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  contentHash: string | null;

  /** Last time a body was parsed and stored (a 304 or an unchanged hash does not count). */
  @Column({ type: 'timestamptz', nullable: true })
  lastParsedAt: Date | null;

  /** The sync state every booking source keeps, in its own columns (last_synced, next_sync_at, …). */
  @Column(() => SyncState, { prefix: false })
  sync: SyncState;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
