import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThan, Repository } from 'typeorm';
import { Clock } from '../common/adapters/clock';
import { EventBus } from '../common/events/domain-events';
import { coded } from '../common/http-exception.filter';
import { USER_LANGUAGE, type UserLanguages } from '../common/user-language';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { Notification } from './notification.entity';
import { notificationLink } from './notification-links';
import { renderNotification } from './notification-texts';
import type { NotificationParams, NotificationType } from './notification.types';

const DAY_MS = 86_400_000;
/** Read notifications are kept this long (90 days). */
export const READ_RETENTION_DAYS = 90;

export interface NewNotification {
  userId: number;
  type: NotificationType;
  params: NotificationParams;
}

/**
 * Stored notifications. Every read and change is scoped to the owner: another user's notification answers like a
 * missing one. A new one is stored first and then broadcast by id, so each instance pushes it to its own sockets.
 */
@Injectable()
export class NotificationsService {
  constructor(
    @InjectRepository(Notification) private readonly notifications: Repository<Notification>,
    private readonly events: EventBus,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly moduleRef: ModuleRef,
  ) {}

  /** The person's language, from the users module (found at run time: users sits above notifications). */
  get languages(): UserLanguages {
    return this.moduleRef.get<UserLanguages>(USER_LANGUAGE, { strict: false });
  }

  get timeZone(): string {
    return this.config.businessTimeZone;
  }

  async create(n: NewNotification): Promise<Notification> {
    const language = await this.languages.languageOf(n.userId);
    const saved = await this.notifications.save(this.notifications.create({ userId: n.userId, type: n.type, params: n.params, link: notificationLink(n.type, n.params), read: false, ...renderNotification(n.type, n.params, language) }));
    await this.events.broadcast('notification.stored', { id: saved.id, userId: saved.userId });
    return saved;
  }

  async page(userId: number, offset: number, limit: number): Promise<{ notifications: Notification[]; total: number; unread: number }> {
    const [notifications, total, unread] = await Promise.all([
      this.notifications.find({ where: { userId }, order: { createdAt: 'DESC', id: 'DESC' }, skip: offset, take: limit }),
      this.notifications.countBy({ userId }),
      this.unreadCount(userId),
    ]);
    return { notifications, total, unread };
  }

  unreadCount(userId: number): Promise<number> {
    return this.notifications.countBy({ userId, read: false });
  }

  /** The stored row for a push: read by id when the broadcast arrives. */
  findById(id: number): Promise<Notification | null> {
    return this.notifications.findOneBy({ id });
  }

  private async owned(userId: number, id: number): Promise<Notification> {
    const n = await this.notifications.findOneBy({ id, userId });
    if (!n) throw new NotFoundException(coded('notification_not_found', 'Varselet finnes ikke'));
    return n;
  }

  async markRead(userId: number, id: number): Promise<Notification> {
    const n = await this.owned(userId, id);
    if (!n.read) await this.notifications.update({ id: n.id }, { read: true });
    return { ...n, read: true };
  }

  async markAllRead(userId: number): Promise<number> {
    const result = await this.notifications.update({ userId, read: false }, { read: true });
    return result.affected ?? 0;
  }

  async remove(userId: number, id: number): Promise<void> {
    const n = await this.owned(userId, id);
    await this.notifications.delete({ id: n.id });
  }

  /** Removes read notifications older than the retention; answers how many. */
  async removeOldRead(): Promise<number> {
    const before = new Date(this.clock.now().getTime() - READ_RETENTION_DAYS * DAY_MS);
    const result = await this.notifications.delete({ read: true, createdAt: LessThan(before) });
    return result.affected ?? 0;
  }
}
