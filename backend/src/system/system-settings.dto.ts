import { Transform } from 'class-transformer';
import { IsBoolean, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { IsOmittable } from '../common/optional';
import type { SystemSetting } from './system-setting.entity';

/**
 * What a known key holds; the service checks a value against it. The company's contact details (phone, e-mail, web
 * addresses) may also be empty: not given, so the app shows nothing for them (docs/operations.md, "Company contact
 * details").
 */
export type SettingKind = 'color' | 'boolean' | 'text' | 'phone' | 'email' | 'url' | 'count' | 'slotMinutes';

/**
 * The known keys (docs/operations.md, Settings and "Company contact details"). Any other key is refused
 * (setting_unknown_key). A Map, so a key a client names is looked up among these alone, never among what every
 * object inherits (`__proto__`, `constructor`).
 */
export const KNOWN_SETTINGS: ReadonlyMap<string, SettingKind> = new Map<string, SettingKind>([
  ['frontPage.backgroundColor', 'color'],
  ['frontPage.textColor', 'color'],
  ['calendar.eventColor', 'color'],
  ['maintenance.enabled', 'boolean'],
  ['maintenance.message', 'text'],
  ['contact.phone', 'phone'],
  ['contact.email', 'email'],
  ['contact.website', 'url'],
  ['contact.faqUrl', 'url'],
  ['contact.openingHours.nb', 'text'],
  ['contact.openingHours.en', 'text'],
  ['cases.uploadQuotaMb', 'count'],
  ['appointments.slotMinutes', 'slotMinutes'],
  ['appointments.maxUpcoming', 'count'],
  ['security.requireStaff2fa', 'boolean'],
]);
/** Staff must turn on two-factor sign-in (docs/security.md); REQUIRE_STAFF_2FA=true turns it on regardless. */
export const REQUIRE_STAFF_2FA = 'security.requireStaff2fa';
export const MAINTENANCE_ENABLED = 'maintenance.enabled';
export const MAINTENANCE_MESSAGE = 'maintenance.message';
export const SETTING_TEXT_MAX = 1000;
/** Megabytes of case attachments one person may upload in 24 hours (docs/product/cases.md); unset means the default. */
export const UPLOAD_QUOTA_MB = 'cases.uploadQuotaMb';
export const DEFAULT_UPLOAD_QUOTA_MB = 200;
/** The length of an appointment slot in minutes (docs/appointments.md); unset means the default. */
export const SLOT_MINUTES = 'appointments.slotMinutes';
export const DEFAULT_SLOT_MINUTES = 30;
export const SLOT_MINUTES_MIN = 10;
export const SLOT_MINUTES_MAX = 240;
/** Upcoming (booked, not yet ended) appointments one owner may hold (docs/appointments.md); unset means the default. */
export const MAX_UPCOMING_APPOINTMENTS = 'appointments.maxUpcoming';
export const DEFAULT_MAX_UPCOMING_APPOINTMENTS = 3;
/** The largest a 'count' setting may be. */
export const SETTING_COUNT_MAX = 1_000_000;

/** The default maintenance message, used when staff gave none. */
export const DEFAULT_MAINTENANCE_MESSAGE = 'Siden er under ombygging og vil være tilbake snart.';

/** Booleans travel as the strings 'true' / 'false' (docs/product/system.md#settings); a JSON boolean is taken as its string. */
const booleanAsString = ({ value }: { value: unknown }) => (typeof value === 'boolean' ? String(value) : value);

export class UpdateSystemSettingDto {
  /** The new value: a colour as #rrggbb, a boolean as 'true' or 'false', or text. @example #1e3a8a */
  @Transform(booleanAsString)
  @IsString({ message: 'Verdi er påkrevd' })
  value: string;
}

export class CreateSystemSettingDto extends UpdateSystemSettingDto {
  /** One of the known keys. @example frontPage.backgroundColor */
  @MaxLength(100, { message: 'Ukjent innstilling' })
  @IsNotEmpty({ message: 'Nøkkel er påkrevd' })
  @IsString({ message: 'Nøkkel er påkrevd' })
  key: string;
}

export class SystemSettingResponse {
  /** @example frontPage.backgroundColor */
  key: string;
  /** @example #1e3a8a */
  value: string;
  updatedAt: Date;
}

export const mapSetting = (s: SystemSetting): SystemSettingResponse => ({ key: s.key, value: s.value, updatedAt: s.updatedAt });

export class MaintenanceModeDto {
  @IsBoolean({ message: 'Aktivert må være true eller false' })
  enabled: boolean;

  /** Shown on the maintenance screen; left out keeps the one set before, empty means the default text. */
  @IsOmittable()
  @MaxLength(SETTING_TEXT_MAX, { message: `Meldingen kan ikke være lengre enn ${SETTING_TEXT_MAX} tegn` })
  @IsString({ message: 'Meldingen må være tekst' })
  message?: string;
}

export class MaintenanceStatusResponse {
  enabled: boolean;
  /** What staff wrote, or null: the screen then shows its default text. */
  message: string | null;
}
