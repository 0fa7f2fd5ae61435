import { OmitType, PartialType } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsNotEmpty, IsOptional, IsString, IsUrl, Matches, MaxLength } from 'class-validator';
import { IsRowId } from '../common/ids';
import { IsOmittable, OMITTABLE_NOT_NULL } from '../common/optional';
import { toSingleLine } from '../common/text/control-characters';
import { ListQueryParams } from '../common/api.dto';
import type { SourceSyncOutcome, SyncStatus } from '../bookings/booking-source.types';
import { IcalFeed } from './ical-feed.entity';
import { OptionalPropertyId } from '../properties/property-id.dto';

/** Calendar apps hand out webcal:// links; they are https feeds. */
const webcalToHttps = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().replace(/^webcals?:\/\//i, 'https://') : value);
const URL_RULE = { protocols: ['http', 'https'], require_protocol: true, require_tld: false };
export const DEFAULT_FEED_COLOR = '#8b5cf6';

export class CreateFeedDto {
  @Transform(toSingleLine)
  @MaxLength(255, { message: 'Navnet kan ikke være lengre enn 255 tegn' })
  @IsNotEmpty({ message: 'Navn er påkrevd' })
  @IsString({ message: 'Navn er påkrevd' })
  name: string;

  @Transform(webcalToHttps)
  @MaxLength(2000, { message: 'URL-en er for lang' })
  @IsUrl(URL_RULE, { message: 'URL må være gyldig' })
  @IsNotEmpty({ message: 'URL er påkrevd' })
  @IsString({ message: 'URL er påkrevd' })
  url: string;

  @IsOmittable()
  @Matches(/^#[0-9a-fA-F]{6}$/, { message: 'Ugyldig farge' })
  color?: string;

  @IsOmittable()
  @IsBoolean()
  enabled?: boolean;

  /** Admins may create a feed for another user: in that user's first property. */
  @IsOmittable()
  @IsRowId()
  userId?: number;

  /** The property whose calendar the feed fills (beside `?propertyId=`). */
  @OptionalPropertyId()
  propertyId?: number;
}

/** A change to a feed: any field of a new one; its owner and property never change. */
export class UpdateFeedDto extends PartialType(OmitType(CreateFeedDto, ['userId', 'propertyId'] as const), OMITTABLE_NOT_NULL) {}

/** A feed as the API shows it, with its sync state. The fetch validators (ETag, hash) stay internal. */
export class FeedResponse {
  id: number;
  /** Who added the feed. */
  userId: number;
  /** The property whose calendar shows its bookings. */
  propertyId: number;
  name: string;
  url: string;
  color: string;
  enabled: boolean;
  feedType: string;
  syncMethod: string;
  lastSynced: Date | null;
  lastAttemptAt: Date | null;
  lastError: string | null;
  /** The message code of lastError, with its parameters, for the reader's language. */
  lastErrorCode: string | null;
  lastErrorParams: Record<string, string | number> | null;
  lastWarning: string | null;
  lastWarningCode: string | null;
  lastWarningParams: Record<string, string | number> | null;
  consecutiveFailures: number;
  eventCount: number;
  nextSyncAt: Date;
  createdAt: Date;
  /** Staff views only: enabled, and no successful sync for FEED_STALE_HOURS. */
  stale?: boolean;
}

export function mapFeed(f: IcalFeed, health?: { staleHours: number; now: Date }): FeedResponse {
  const lastSuccess = f.sync.lastSynced?.getTime() ?? f.createdAt.getTime();
  return {
    id: f.id,
    userId: f.userId,
    propertyId: f.propertyId,
    name: f.name,
    url: f.url,
    color: f.color,
    enabled: f.enabled,
    feedType: f.feedType,
    syncMethod: f.syncMethod,
    lastSynced: f.sync.lastSynced,
    lastAttemptAt: f.sync.lastAttemptAt,
    lastError: f.sync.lastError,
    lastErrorCode: f.sync.lastErrorCode,
    lastErrorParams: f.lastErrorParams,
    lastWarning: f.lastWarning,
    lastWarningCode: f.lastWarningCode,
    lastWarningParams: f.lastWarningParams,
    consecutiveFailures: f.sync.consecutiveFailures,
    eventCount: f.sync.eventCount,
    nextSyncAt: f.sync.nextSyncAt,
    createdAt: f.createdAt,
    ...(health ? { stale: f.enabled && health.now.getTime() - lastSuccess > health.staleHours * 3_600_000 } : {}),
  };
}

/** 'https://www.airbnb.com/…': scheme and host of a feed address, without the path and query that hold its token. */
export function maskFeedUrl(url: string): string {
  try {
    const { protocol, host } = new URL(url);
    return `${protocol}//${host}/…`;
  } catch {
    return '…';
  }
}

/** The answer's message for a sync outcome; `updated` is the caller's own wording (sync now or force refresh). */
export function syncMessage(outcome: SourceSyncOutcome, updated: string): string {
  if (outcome.status === 'failed') return `Synkronisering feilet: ${outcome.error}`;
  if (outcome.skipped === 'disabled') return 'Kalenderen er deaktivert og ble ikke synkronisert';
  if (outcome.skipped === 'busy') return 'Kalenderen synkroniseres allerede';
  if (outcome.status === 'unchanged') return 'Kalenderen er allerede oppdatert';
  return updated;
}

/** The optional parts of a sync outcome that an answer passes on. */
export function syncDetails(outcome: SourceSyncOutcome) {
  return {
    ...(outcome.error ? { error: outcome.error, errorCode: outcome.errorCode, errorParams: outcome.errorParams } : {}),
    // 'not-due' is the scheduler's alone: a person's sync never asks for it.
    ...(outcome.skipped === 'busy' || outcome.skipped === 'disabled' ? { skipped: outcome.skipped } : {}),
    ...(outcome.warning ? { warning: outcome.warning, warningCode: outcome.warningCode, warningParams: outcome.warningParams } : {}),
  };
}

/** GET /api/admin/ical-feeds: the list parameters, and the owner or property whose feeds the user-calendar dialog shows. */
export class AdminFeedsQuery extends ListQueryParams {
  @IsOptional()
  @Type(() => Number)
  @IsRowId({ message: 'Ugyldig bruker-ID' })
  userId?: number;

  @IsOptional()
  @Type(() => Number)
  @IsRowId({ message: 'Ugyldig eiendom' })
  propertyId?: number;
}

export class DeletedFeed {
  id: number;
  name: string;
}

export class DeletedFeedResponse {
  message: string;
  deletedFeed: DeletedFeed;
}

/** The outcome of a sync started by hand. */
export class SyncResponse {
  message: string;
  syncedCount: number;
  status: SyncStatus;
  error?: string;
  errorCode?: string;
  errorParams?: Record<string, string | number>;
  /** Why nothing was fetched: the feed is disabled, or another sync of it is running. */
  skipped?: 'disabled' | 'busy';
  /** Set when the parse was partial or a removal was held back. */
  warning?: string;
  warningCode?: string;
  warningParams?: Record<string, string | number>;
}

export class ForceRefreshResponse extends SyncResponse {
  success: boolean;
}

export class FeedOwner {
  id: number;
  name: string;
  email: string;
  username: string;
}

/** A feed as staff see it; for mini admins the address is cut to scheme and host. */
export class AdminFeedResponse extends FeedResponse {
  owner: FeedOwner;
}

export class AllFeedsEntryResponse extends AdminFeedResponse {
  userName: string;
  userEmail: string;
  username: string;
}

export class FeedHealthResponse {
  staleAfterHours: number;
  total: number;
  enabled: number;
  failing: number;
  stale: number;
  feeds: AdminFeedResponse[];
}

export class SyncAllResponse {
  success: boolean;
  /** How many enabled feeds were queued. */
  total: number;
  startedAt: Date;
}

export class CleanupDuplicatesResponse {
  found: number;
  removed: number;
}
