import type { RejectedEvent, TruncatedSeries } from './import/parse-feed';
import { PARSE_OUT_OF_MEMORY, PARSE_TIMED_OUT, PARSE_TOO_MANY_STALLED } from './import/parse-pool';
import { NOT_A_CALENDAR, TRUNCATED_CALENDAR } from './import/preprocess';

/**
 * A stored sync error or warning: a code and its parameters, so a client can say it in the user's language, beside
 * the English text staff saw until now (kept as `message`, and still the feed's lastError / lastWarning).
 */
export interface SyncMessage {
  code: string;
  params: Record<string, string | number>;
  message: string;
}

/**
 * fetchFeed's errors (plain text) with their codes. The first pattern that matches names the code; its named groups
 * are the parameters (numbers where they are numbers).
 */
const FETCH_ERRORS: [RegExp, string][] = [
  [/^timed out after (?<ms>\d+) ms$/, 'feed.fetch.timeout'],
  [/^HTTP (?<status>\d+)$/, 'feed.fetch.httpStatus'],
  [/^feed too large \(over (?<maxBytes>\d+) bytes\)$/, 'feed.fetch.tooLarge'],
  [/^address not allowed/, 'feed.fetch.addressNotAllowed'],
  [/^invalid URL$/, 'feed.fetch.invalidUrl'],
  [/^unsupported URL scheme$/, 'feed.fetch.unsupportedScheme'],
  [/^host has no address$/, 'feed.fetch.noAddress'],
  [/^unsupported content encoding (?<encoding>.+)$/, 'feed.fetch.unsupportedEncoding'],
  [/^download failed \((?<reason>.+)\)$/, 'feed.fetch.downloadFailed'],
  [/^too many redirects \(more than (?<max>\d+)\)$/, 'feed.fetch.tooManyRedirects'],
  [/^redirect refused: (?<reason>.+)$/, 'feed.fetch.redirectRefused'],
  [/^network error \((?<reason>.+)\)$/, 'feed.fetch.networkError'],
];

const numeric = (groups: Record<string, string> = {}) =>
  Object.fromEntries(Object.entries(groups).map(([k, v]) => [k, /^\d+$/.test(v) ? Number(v) : v]));

/** A failed fetch's error; an unknown text is 'feed.fetch.failed' with the text as its detail. */
export function fetchError(error: string): SyncMessage {
  for (const [pattern, code] of FETCH_ERRORS) {
    const m = pattern.exec(error);
    if (m) return { code, params: numeric(m.groups), message: error };
  }
  return { code: 'feed.fetch.failed', params: { detail: error }, message: error };
}

/**
 * A body the parser refused. Only an answer that is no calendar at all (a login or error page, an empty body) says
 * the link may be invalid or expired; a calendar that is broken says so without the hint. Whatever the parser's
 * detail, the owner reads a sentence of the catalogue (errors.feed.parse.*), never a library's error text; the
 * detail stays in `message` for the logs.
 */
export function parseError(error: string): SyncMessage {
  if (error === NOT_A_CALENDAR) return { code: 'feed.parse.notACalendar', params: {}, message: 'not a calendar (the link may be invalid or expired)' };
  if (error === TRUNCATED_CALENDAR) return { code: 'feed.parse.truncated', params: {}, message: error };
  if (error === PARSE_TIMED_OUT) return { code: 'feed.parse.timedOut', params: {}, message: error };
  if (error === PARSE_OUT_OF_MEMORY) return { code: 'feed.parse.outOfMemory', params: {}, message: error };
  if (error === PARSE_TOO_MANY_STALLED) return { code: 'feed.parse.tooManyStalled', params: {}, message: error };
  if (STRUCTURE_ERRORS.some((p) => p.test(error))) return { code: 'feed.parse.structure', params: {}, message: error };
  return { code: 'feed.parse.unreadable', params: {}, message: error };
}

/** prepareCalendarText's refusals of a calendar whose components do not nest. */
const STRUCTURE_ERRORS = [/^content outside VCALENDAR$/, /^content before BEGIN:VCALENDAR$/, /^unbalanced END:/];

export const INTERNAL_ERROR: SyncMessage = { code: 'feed.sync.internalError', params: {}, message: 'internal error during sync' };

/**
 * Some VEVENTs could not be read: the rest was imported, their stored copies were kept, and what left the feed was
 * removed. `reason` is the first rejection's code (errors.<reason> in the catalogue).
 */
export function eventsRejected(rejected: RejectedEvent[]): SyncMessage {
  const reasons = rejected.slice(0, 3).map((r) => r.reason).join('; ');
  return {
    code: 'feed.sync.eventsRejected',
    params: { skipped: rejected.length, reason: rejected[0].code },
    message: `${rejected.length} event(s) could not be read and were skipped: ${reasons}. Their stored copies are kept.`,
  };
}

/** The feed emptied itself of future bookings; the stored ones wait for the next parse to confirm it. */
export function emptyHeldBack(kept: number): SyncMessage {
  return {
    code: 'feed.sync.emptyHeldBack',
    params: { kept },
    message: `The feed has no future events any more; ${kept} stored event(s) are kept until the next sync confirms it.`,
  };
}

/** Recurring events were cut short by the expansion budget: their first instances in the window were imported. */
export function recurrenceTruncated(truncated: TruncatedSeries[]): SyncMessage {
  const instances = truncated.reduce((sum, t) => sum + t.imported, 0);
  return {
    code: 'feed.sync.recurrenceTruncated',
    params: { series: truncated.length, instances },
    message: `${truncated.length} recurring event(s) repeat too often; only their first ${instances} occurrence(s) in the sync window were imported.`,
  };
}
