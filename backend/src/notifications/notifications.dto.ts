import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { IsOmittable } from '../common/optional';
import type { Notification } from './notification.entity';
import { NOTIFICATION_TYPES } from './notification-kinds';
import { NOTIFICATION_LANGUAGES, type NotificationLanguage, type NotificationType } from './notification.types';

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
  @IsIn(NOTIFICATION_LANGUAGES, { message: 'Ugyldig språk' })
  @ApiProperty({ enum: NOTIFICATION_LANGUAGES, required: false })
  language?: NotificationLanguage;
}

export class NotificationResponse {
  id: number;
  @ApiProperty({ enum: NOTIFICATION_TYPES })
  type: NotificationType;
  /** Rendered in the owner's language when stored. */
  title: string;
  message: string;
  /** The values the texts name, so a client can render them in its own language. */
  params: Record<string, string | number>;
  /** The app path of the thing it is about, or null. */
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
  return { id, type, title, message, params, link, read, createdAt };
}
