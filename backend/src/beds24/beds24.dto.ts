import { Transform } from 'class-transformer';
import { IsBoolean, IsInt, IsNotEmpty, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { MAX_ID } from '../common/ids';
import { IsOmittable } from '../common/optional';
import type { Beds24Config } from './beds24-config.entity';

export const MAX_HISTORICAL_DAYS = 1095;
export const MAX_FUTURE_DAYS = 730;
/** The forms' default for both windows (docs/product/beds24.md#validation-and-limits). */
export const DEFAULT_WINDOW_DAYS = 365;

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/**
 * POST /api/admin/beds24-config/{userId}: creates or changes the user's configuration. A new one needs apiKey and
 * propId; a change may leave apiKey out to keep the stored credential. apiKey is an invite code (exchanged at once
 * for a refresh token), a refresh token or a long-life token, as generated under Beds24's Settings → Marketplace → API.
 */
export class SaveBeds24ConfigDto {
  @IsOmittable()
  @Transform(trim)
  @Matches(/^[\x21-\x7e]+$/, { message: 'API-nøkkelen kan bare inneholde synlige tegn uten mellomrom' })
  @MaxLength(1000, { message: 'API-nøkkelen er for lang' })
  @IsNotEmpty({ message: 'API key and property ID are required' })
  @IsString({ message: 'API key and property ID are required' })
  apiKey?: string;

  /** Beds24's numeric property id. */
  @IsOmittable()
  @Max(MAX_ID, { message: 'Ugyldig eiendoms-ID' })
  @Min(1, { message: 'Ugyldig eiendoms-ID' })
  @IsInt({ message: 'Ugyldig eiendoms-ID' })
  propId?: number;

  @IsOmittable()
  @IsBoolean()
  syncEnabled?: boolean;

  /** Days of past stays kept in sync (0-1095; forms default to 365). */
  @IsOmittable()
  @Max(MAX_HISTORICAL_DAYS, { message: 'Historiske dager må være mellom 0 og 1095' })
  @Min(0, { message: 'Historiske dager må være mellom 0 og 1095' })
  @IsInt({ message: 'Historiske dager må være mellom 0 og 1095' })
  syncHistoricalDays?: number;

  /** Days ahead kept in sync (0-730, default 365). */
  @IsOmittable()
  @Max(MAX_FUTURE_DAYS, { message: 'Fremtidige dager må være mellom 0 og 730' })
  @Min(0, { message: 'Fremtidige dager må være mellom 0 og 730' })
  @IsInt({ message: 'Fremtidige dager må være mellom 0 og 730' })
  syncFutureDays?: number;
}

/** A user a configuration belongs to, as the back office names them. */
export class Beds24OwnerResponse {
  id: number;
  name: string;
  email: string;
  username: string;
}

/**
 * A configuration as the back office sees it. `id` is the user's id (routes are keyed by user: one configuration per
 * user). The credential never leaves the server: only whether one is set and its last four characters.
 */
export class Beds24ConfigResponse {
  id: number;
  configId: number;
  userId: number;
  owner: Beds24OwnerResponse;
  apiKeySet: boolean;
  /** The stored credential's last four characters. */
  apiKeyLast4: string;
  /** 'refresh' (from an invite code or a refresh token) or 'longLife'. */
  credentialKind: string;
  propId: number;
  syncEnabled: boolean;
  syncHistoricalDays: number;
  syncFutureDays: number;
  lastSync: Date | null;
  lastAttemptAt: Date | null;
  lastError: string | null;
  lastErrorCode: string | null;
  /** Beds24 refused the credential even after a token refresh: a new API key is needed; no sync runs until then. */
  needsCredentials: boolean;
  /** What the last successful sync did. */
  lastCreated: number;
  lastUpdated: number;
  lastDeleted: number;
  /** Bookings stored from this configuration. */
  eventCount: number;
  nextSyncAt: Date;
  createdAt: Date;
  updatedAt: Date;
}

export class Beds24SyncResponse {
  success: boolean;
  eventsCreated: number;
  eventsUpdated: number;
  eventsDeleted: number;
  /** Set when the sync failed (its text is also stored as the configuration's lastError). */
  error?: string;
  errorCode?: string;
  /** Set when the pull was not complete (the page cap, unreadable rows): nothing was removed for being missing. */
  warning?: string;
}

export class Beds24TestResponse {
  /** The credential works and reaches the property. */
  ok: boolean;
  message: string;
  scopes: string[];
  /** Whether the token may read the configured property (null: unknown, the call failed). */
  propertyAccess: boolean | null;
  /** The token is limited to one property (null: it reaches every property of the account). */
  onlyPropertyId: number | null;
}

export function mapConfig(c: Beds24Config, owner: Beds24OwnerResponse): Beds24ConfigResponse {
  return {
    id: c.userId,
    configId: c.id,
    userId: c.userId,
    owner,
    apiKeySet: Boolean(c.credentialSealed),
    apiKeyLast4: c.credentialLast4,
    credentialKind: c.credentialKind,
    propId: c.propId,
    syncEnabled: c.syncEnabled,
    syncHistoricalDays: c.syncHistoricalDays,
    syncFutureDays: c.syncFutureDays,
    lastSync: c.sync.lastSynced,
    lastAttemptAt: c.sync.lastAttemptAt,
    lastError: c.sync.lastError,
    lastErrorCode: c.sync.lastErrorCode,
    needsCredentials: c.needsCredentials,
    lastCreated: c.lastCreated,
    lastUpdated: c.lastUpdated,
    lastDeleted: c.lastDeleted,
    eventCount: c.sync.eventCount,
    nextSyncAt: c.sync.nextSyncAt,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
  };
}

/** The owner's view of their Beds24 connection for the sync-health panel: no credential, no property, no counts of others. */
export class OwnBeds24Response {
  /** Whether the owner has a Beds24 connection at all; the rest is null or false without one. */
  configured: boolean;
  syncEnabled: boolean;
  lastSync: Date | null;
  /** The last sync failed (or the key was refused): lastErrorCode says why, in the catalogue's errors. */
  failing: boolean;
  needsCredentials: boolean;
  lastError: string | null;
  lastErrorCode: string | null;
  eventCount: number;
}
