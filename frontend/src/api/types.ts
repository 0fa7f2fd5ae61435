/**
 * The API's answer types, taken from the generated OpenAPI types (schema.d.ts, `npm run api:types`), so a change
 * on the server shows up here as a type error rather than as a surprise at run time.
 */
import type { components } from './schema';

type Schemas = components['schemas'];

/** The user object the API answers with (GET /api/user, POST /api/login, PUT /api/user/profile). */
export type User = Schemas['UserResponse'];
/** `{ message }`: logout, password changes, deletions. */
export type MessageAnswer = Schemas['MessageResponse'];
/** Every error answer: `{ message, code, params?, errors? }`. */
export type ErrorAnswer = Schemas['ErrorResponse'];
export type CalendarEvent = Schemas['EventResponse'];
export type ImportedEvent = Schemas['FeedEventResponse'];
export type MarkedDay = Schemas['MarkedDayResponse'];
export type EventNote = Schemas['NoteResponse'];
export type Feed = Schemas['FeedResponse'];
export type FeedSyncAnswer = Schemas['SyncResponse'];
export type CalendarLink = Schemas['CalendarLinkResponse'];

export const isStaff = (user: User | null | undefined): boolean => !!user && (user.isAdmin || user.isMiniAdmin);
