/** The feeds' types: the API's answers are the generated ones (api/types.ts). */
import type { RequestBody } from '../../api/types';

export type { Feed } from '../../api/types';

/** The feed form's values: what POST /api/ical-feeds takes from an owner, every field filled in (the property apart). */
export type NewFeed = Required<Omit<RequestBody<'Feeds_create'>, 'userId' | 'propertyId'>>;

/** POST /api/ical-feeds/:id/sync: 200 even when the feed failed (status 'failed', error set). */
export type { FeedSyncAnswer as SyncAnswer } from '../../api/types';
