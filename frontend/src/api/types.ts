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
export type TwoFactorStatus = Schemas['TwoFactorStatusResponse'];
export type UserSession = Schemas['UserSessionResponse'];
/** One entry of a person's activity timeline (GET /api/user/activity, /api/admin/users/{id}/activity). */
export type ActivityEntry = Schemas['ActivityEntryResponse'];
export type TwoFactorSetup = Schemas['TwoFactorSetupResponse'];
/** POST /api/login's answer: the user, or the code step of a two-factor sign-in. */
export type LoginAnswer = User | Schemas['TwoFactorChallengeResponse'];
/** Every error answer: `{ message, code, params?, errors? }`. */
export type ErrorAnswer = Schemas['ErrorResponse'];
export type CalendarEvent = Schemas['EventResponse'];
export type ExternalBooking = Schemas['FeedEventResponse'];
export type MarkedDay = Schemas['MarkedDayResponse'];
export type EventNote = Schemas['NoteResponse'];
export type Feed = Schemas['FeedResponse'];
export type FeedSyncAnswer = Schemas['SyncResponse'];
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
