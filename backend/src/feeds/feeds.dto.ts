import { Transform } from 'class-transformer';
import { IsBoolean, IsInt, IsNotEmpty, IsOptional, IsString, IsUrl, Matches, MaxLength } from 'class-validator';
import type { StoredFeedEvent } from './feed-events.store';
import type { SyncOutcome } from './feed-sync.service';
import { IcalFeed } from './ical-feed.entity';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** Calendar apps hand out webcal:// links; they are https feeds. */
const webcalToHttps = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().replace(/^webcals?:\/\//i, 'https://') : value);
const URL_RULE = { protocols: ['http', 'https'], require_protocol: true, require_tld: false };
export const DEFAULT_FEED_COLOR = '#8b5cf6';
export const ICAL_EVENT_COLOR = '#ec4899';

export class CreateFeedDto {
  @Transform(trim)
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

  @IsOptional()
  @Matches(/^#[0-9a-fA-F]{6}$/, { message: 'Ugyldig farge' })
  color?: string;

  @IsOptional()
  @IsBoolean()
  enabled?: boolean;

  /** Admins may create a feed for another user. */
  @IsOptional()
  @IsInt()
  userId?: number;
}

export class UpdateFeedDto {
  @IsOptional()
  @Transform(trim)
  @MaxLength(255, { message: 'Navnet kan ikke være lengre enn 255 tegn' })
  @IsNotEmpty({ message: 'Navn er påkrevd' })
  name?: string;

  @IsOptional()
  @Transform(webcalToHttps)
  @MaxLength(2000, { message: 'URL-en er for lang' })
  @IsUrl(URL_RULE, { message: 'URL må være gyldig' })
  @IsNotEmpty({ message: 'URL er påkrevd' })
  url?: string;

  @IsOptional()
  @Matches(/^#[0-9a-fA-F]{6}$/, { message: 'Ugyldig farge' })
  color?: string;

  @IsOptional()
  @IsBoolean()
  enabled?: boolean;
}

/** A feed as the API shows it, with its sync state. The fetch validators (ETag, hash) stay internal. */
export function mapFeed(f: IcalFeed, health?: { staleHours: number; now: Date }) {
  const lastSuccess = f.lastSynced?.getTime() ?? f.createdAt.getTime();
  return {
    id: f.id,
    userId: f.userId,
    name: f.name,
    url: f.url,
    color: f.color,
    enabled: f.enabled,
    feedType: f.feedType,
    syncMethod: f.syncMethod,
    lastSynced: f.lastSynced,
    lastAttemptAt: f.lastAttemptAt,
    lastError: f.lastError,
    lastWarning: f.lastWarning,
    consecutiveFailures: f.consecutiveFailures,
    eventCount: f.eventCount,
    nextSyncAt: f.nextSyncAt,
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

/** An imported event in the calendar's event shape: string id containing 'ical-', pink, binding. */
export function mapFeedEvent(e: StoredFeedEvent) {
  return {
    id: e.id,
    userId: e.userId,
    title: e.summary,
    description: e.description,
    startTime: e.allDay ? e.startDate : e.startTime.toISOString(),
    endTime: e.allDay ? e.endDate : e.endsAt.toISOString(),
    allDay: e.allDay,
    color: ICAL_EVENT_COLOR,
    location: e.location,
    source: { type: 'ical', feedName: e.feedName, feedId: e.feedId, uid: e.uid, kind: e.kind },
    isBinding: true,
    status: e.status,
  };
}

/** The answer's message for a sync outcome; `updated` is the caller's own wording (sync now or force refresh). */
export function syncMessage(outcome: SyncOutcome, updated: string): string {
  if (outcome.status === 'failed') return `Synkronisering feilet: ${outcome.error}`;
  if (outcome.skipped === 'disabled') return 'Kalenderen er deaktivert og ble ikke synkronisert';
  if (outcome.skipped === 'busy') return 'Kalenderen synkroniseres allerede';
  if (outcome.status === 'unchanged') return 'Kalenderen er allerede oppdatert';
  return updated;
}

/** The optional parts of a sync outcome that an answer passes on. */
export function syncDetails(outcome: SyncOutcome) {
  return {
    ...(outcome.error ? { error: outcome.error } : {}),
    ...(outcome.skipped ? { skipped: outcome.skipped } : {}),
    ...(outcome.warning ? { warning: outcome.warning } : {}),
  };
}
