import { Body, Controller, Delete, Get, HttpCode, Param, ParseIntPipe, Patch, Post, Query } from '@nestjs/common';
import { Access, CurrentUser } from '../common/access.decorator';
import { MessageResponse } from '../common/api.dto';
import type { SessionUser } from '../common/session-user';
import {
  mapNotification, NotificationListQuery, NotificationPageResponse, NotificationResponse, ReadAllResponse, RegisterNotificationsDto, RegisterResponse,
  UnreadCountResponse,
} from './notifications.dto';
import { NotificationsService } from './notifications.service';
import { NoTokens } from '../common/token-scope.decorator';

/** The bell: a user's own notifications. Ownership is checked in the service; nobody reads another's. */
@Controller('notifications')
@Access('user')
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  /** Newest first, `limit` (default 20, at most 100) from `offset`. */
  @Get()
  @NoTokens()
  async list(@CurrentUser() user: SessionUser, @Query() q: NotificationListQuery): Promise<NotificationPageResponse> {
    const page = await this.notifications.page(user.id, q.offset ?? 0, q.limit ?? 20);
    return { notifications: page.notifications.map(mapNotification), total: page.total, unread: page.unread };
  }

  @Get('unread-count')
  @NoTokens()
  async unreadCount(@CurrentUser() user: SessionUser): Promise<UnreadCountResponse> {
    return { count: await this.notifications.unreadCount(user.id) };
  }

  @Patch(':id/read')
  @NoTokens()
  async markRead(@CurrentUser() user: SessionUser, @Param('id', ParseIntPipe) id: number): Promise<NotificationResponse> {
    return mapNotification(await this.notifications.markRead(user.id, id));
  }

  @Post('read-all')
  @NoTokens()
  @HttpCode(200)
  async readAll(@CurrentUser() user: SessionUser): Promise<ReadAllResponse> {
    return { updated: await this.notifications.markAllRead(user.id) };
  }

  @Delete(':id')
  @NoTokens()
  async remove(@CurrentUser() user: SessionUser, @Param('id', ParseIntPipe) id: number): Promise<MessageResponse> {
    await this.notifications.remove(user.id, id);
    return { message: 'Varselet er fjernet' };
  }

  /**
   * The app announces itself before it opens /ws (docs/product/notifications.md#delivery); the answer is OK. It may say its interface language,
   * which later notifications are written in.
   */
  @Post('register')
  @NoTokens()
  @HttpCode(200)
  async register(@CurrentUser() user: SessionUser, @Body() dto: RegisterNotificationsDto): Promise<RegisterResponse> {
    if (dto.language) await this.notifications.languages.setLanguage(user.id, dto.language);
    return { status: 'OK' };
  }
}
