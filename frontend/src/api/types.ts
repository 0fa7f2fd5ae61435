/**
 * The API's answer types, taken from the generated OpenAPI types (schema.d.ts, `npm run api:types`), so a change
 * on the server shows up here as a type error rather than as a surprise at run time.
 */
import type { components, operations } from './schema';

type Schemas = components['schemas'];

/** What an operation takes as its JSON body, by the operation's name in schema.d.ts (e.g. 'MarkedDays_create'). */
export type RequestBody<Op extends keyof operations> = operations[Op] extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;

/** What an operation answers with 200 or 201, by the operation's name in schema.d.ts (e.g. 'AdminUsers_get'). */
export type ResponseBody<Op extends keyof operations> = operations[Op] extends { responses: infer R }
  ? R extends { 200: { content: { 'application/json': infer B } } }
    ? B
    : R extends { 201: { content: { 'application/json': infer B } } }
      ? B
      : never
  : never;

/** The user object the API answers with (GET /api/user, POST /api/login, PUT /api/user/profile). */
export type User = Schemas['UserResponse'];
/** `{ message }`: logout, password changes, deletions. */
export type MessageAnswer = Schemas['MessageResponse'];
export type TwoFactorStatus = Schemas['TwoFactorStatusResponse'];
export type UserSession = Schemas['UserSessionResponse'];
/** A personal API token as listed (GET /api/user/tokens): never the secret. */
export type ApiToken = Schemas['TokenResponse'];
/** The token just made (POST /api/user/tokens): the only answer with the secret. */
export type CreatedApiToken = Schemas['CreatedTokenResponse'];
export type ApiTokenScope = ApiToken['scopes'][number];
/** One entry of a person's activity timeline (GET /api/user/activity, /api/admin/users/{id}/activity). */
export type ActivityEntry = Schemas['ActivityEntryResponse'];
export type TwoFactorSetup = Schemas['TwoFactorSetupResponse'];
/** POST /api/login's answer: the user, or the code step of a two-factor sign-in. */
export type LoginAnswer = User | Schemas['TwoFactorChallengeResponse'];
/** Every error answer: `{ message, code, params?, errors? }`. */
export type ErrorAnswer = Schemas['ErrorResponse'];
/** An event the user (or an admin) created: GET /api/events, /api/admin/user-calendar. */
export type CalendarEvent = Schemas['EventResponse'];
/** An external booking's answer, from any source (published as FeedEventResponse): GET /api/ical-feed-events. Its id is a string holding the source kind ('ical-', 'beds24-'). */
export type ExternalBookingResponse = Schemas['FeedEventResponse'];
export type MarkedDay = Schemas['MarkedDayResponse'];
export type EventNote = Schemas['NoteResponse'];
/** GET /api/ical-event-notes/event/{externalId}: the caller's note, id and notes null when there is none. */
export type EventNoteLookup = Schemas['NoteLookupResponse'];
/** GET /api/calendar-window: the own calendar's window in one answer. */
export type CalendarWindow = Schemas['CalendarWindowResponse'];
/** Two entries (their ids as the window gives them) that share the days [from, to): 'YYYY-MM-DD', `to` exclusive. */
export type CalendarConflict = Schemas['CalendarConflictResponse'];
/** GET /api/admin/user-calendar/{userId}: another user's events and bookings, for staff. */
export type UserCalendar = Schemas['UserCalendarResponse'];
export type TranslateAnswer = Schemas['TranslateResponse'];
export type TranslationStatus = Schemas['TranslationStatusResponse'];
export type Feed = Schemas['FeedResponse'];
export type FeedSyncAnswer = Schemas['SyncResponse'];
/** The owner's Beds24 connection as the sync-health panel shows it (GET /api/user/beds24). */
export type OwnBeds24 = Schemas['OwnBeds24Response'];
export type CalendarLink = Schemas['CalendarLinkResponse'];

export const isStaff = (user: User | null | undefined): boolean => !!user && (user.isAdmin || user.isMiniAdmin);
export type AppNotification = Schemas['NotificationResponse'];
export type NotificationPage = Schemas['NotificationPageResponse'];
export type Agreement = Schemas['AgreementResponse'];
export type CreatedAgreement = Schemas['CreatedAgreementResponse'];
export type AgreementNote = Schemas['AgreementNoteResponse'];
export type Appointment = Schemas['AppointmentResponse'];
export type AppointmentSlot = Schemas['SlotResponse'];
export type AppointmentHours = Schemas['AppointmentHoursResponse'];
export type ClosedDate = Schemas['ClosedDateResponse'];
export type Case = Schemas['CaseResponse'];
export type CaseDetail = Schemas['CaseDetailResponse'];
export type CaseMessage = Schemas['CaseMessageResponse'];
export type CaseAttachment = Schemas['CaseAttachmentResponse'];
/** GET /api/maintenance-status and the answer of POST /api/admin/maintenance-mode. */
export type MaintenanceStatus = Schemas['MaintenanceStatusResponse'];
export type SystemSetting = Schemas['SystemSettingResponse'];
export type JobStatus = Schemas['JobStatusResponse'];
export type Backup = Schemas['BackupResponse'];
export type RestoreAnswer = Schemas['RestoreResponse'];
