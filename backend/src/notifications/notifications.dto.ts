import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { IsOmittable } from '../common/optional';
import type { Notification } from './notification.entity';
import { NOTIFICATION_KINDS, NOTIFICATION_TYPES } from './notification-kinds';
import { renderNotification } from './notification-texts';
import { LANGUAGES, type Language } from '../common/user-language';
import type { NotificationType } from './notification.types';

/** ?offset&limit on the bell's list: newest first, 20 at a time unless asked. */
export class NotificationListQuery {
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'Ugyldig offset' })
  @Min(0, { message: 'Ugyldig offset' })
  offset?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'Ugyldig limit' })
  @Min(1, { message: 'Ugyldig limit' })
  @Max(100, { message: 'Ugyldig limit' })
  limit?: number;
}

/** What the app says when it starts listening: the interface language notifications are written in from now on. */
export class RegisterNotificationsDto {
  // Absent keeps the stored language; null is not a language.
  @IsOmittable()
  @IsIn(LANGUAGES, { message: 'Ugyldig språk' })
  @ApiProperty({ enum: LANGUAGES, required: false })
  language?: Language;
}

export class NotificationText {
  title: string;
  message: string;
}

/** A notification's texts in each language the app has. */
export class NotificationTexts {
  nb: NotificationText;
  en: NotificationText;
}

export class NotificationResponse {
  id: number;
  @ApiProperty({ enum: NOTIFICATION_TYPES })
  type: NotificationType;
  /** Rendered in the owner's language when stored. */
  title: string;
  message: string;
  /**
   * Its kind's texts in each language, filled from its params, so the app shows it in the interface language chosen
   * since (docs/product/notifications.md#screens); the stored title and message in both for a kind shown as stored, or a
   * type no domain declares any more.
   */
  texts: NotificationTexts;
  /** The values the texts name. */
  params: Record<string, string | number>;
  /** The app path of the thing it is about (docs/api.md#notification-links), or null. */
  link: string | null;
  read: boolean;
  createdAt: Date;
}

export class NotificationPageResponse {
  /** Newest first. */
  notifications: NotificationResponse[];
  /** All of the user's notifications. */
  total: number;
  unread: number;
}

export class UnreadCountResponse {
  count: number;
}

export class ReadAllResponse {
  /** How many were unread. */
  updated: number;
}

export class RegisterResponse {
  /** @example OK */
  status: string;
}

export function mapNotification(n: Notification): NotificationResponse {
  const { id, type, title, message, params, link, read, createdAt } = n;
  return { id, type, title, message, texts: textsOf(n), params, link, read, createdAt };
}

function textsOf(n: Notification): NotificationTexts {
  const kind = NOTIFICATION_KINDS.get(n.type);
  if (!kind || kind.asStored) return { nb: { title: n.title, message: n.message }, en: { title: n.title, message: n.message } };
  return { nb: renderNotification(n.type, n.params, 'nb'), en: renderNotification(n.type, n.params, 'en') };
}
