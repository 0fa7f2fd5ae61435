import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { SyncState } from '../bookings/booking-source.types';

/** How the stored credential is used: a refresh token (from an invite code) gives access tokens; a long-life token is one. */
export type Beds24CredentialKind = 'refresh' | 'longLife';

/**
 * One property's Beds24 channel configuration, set up for its owner (docs/product/beds24.md#what-it-is-for), with its sync state. The credential is sealed
 * (common/secrets.ts Sealer) and never leaves the server; answers show only whether it is set and its last four
 * characters. The access token the refresh token gives is kept sealed too, so it is reused for its whole lifetime
 * (each new one costs API credits).
 */
@Entity('beds24_config')
export class Beds24Config {
  @PrimaryGeneratedColumn()
  id: number;

  /** The owner it was set up for (the back office reaches it through them). */
  @Column({ type: 'int' })
  userId: number;

  /** The property whose calendar shows its bookings: at most one connection each. */
  @Column({ type: 'int', unique: true })
  propertyId: number;

  @Column({ type: 'text' })
  credentialSealed: string;

  @Column({ type: 'varchar', length: 20 })
  credentialKind: Beds24CredentialKind;

  @Column({ type: 'varchar', length: 4 })
  credentialLast4: string;

  /** Beds24's numeric property id: sent on every call and checked on every row. */
  @Column({ type: 'int' })
  propId: number;

  @Column({ type: 'boolean', default: true })
  syncEnabled: boolean;

  @Column({ type: 'int', default: 0 })
  syncHistoricalDays: number;

  @Column({ type: 'int', default: 365 })
  syncFutureDays: number;

  /** Set when Beds24 refused the credential even after a token refresh: only a new key from the owner helps. */
  @Column({ type: 'boolean', default: false })
  needsCredentials: boolean;

  @Column({ type: 'int', default: 0 })
  lastCreated: number;

  @Column({ type: 'int', default: 0 })
  lastUpdated: number;

  @Column({ type: 'int', default: 0 })
  lastDeleted: number;

  /** sha256 of the last complete pull as stored: an identical pull is not written again. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  lastPullHash: string | null;

  /** The sync state every booking source keeps, in its own columns (last_synced, next_sync_at, …). */
  @Column(() => SyncState, { prefix: false })
  sync: SyncState;

  @Column({ type: 'text', nullable: true })
  accessTokenSealed: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  accessTokenExpiresAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
