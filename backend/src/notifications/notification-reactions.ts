import { Injectable, OnModuleInit } from '@nestjs/common';
import { EventBus, type DomainEvents } from '../common/events/domain-events';
import { DOMAIN_NOTIFICATIONS } from './notification-kinds';
import { dayIn, formatWhen } from './notification-texts';
import type { Notifier } from './notification.types';
import { NotificationsService } from './notifications.service';

type Reaction = (event: DomainEvents[keyof DomainEvents], notifier: Notifier) => Promise<void>;

/**
 * What becomes a notification: each domain's reactions (its `<domain>.notifications.ts`), subscribed here on the
 * event bus. The domains that cause the events do not know who listens; each reaction runs once, in the instance
 * where the change happened. The params carry what the link needs (`date`, `agreementId`, `caseId`);
 * notification-links.ts makes the link.
 */
@Injectable()
export class NotificationReactions implements OnModuleInit {
  constructor(private readonly events: EventBus, private readonly notifications: NotificationsService) {}

  private readonly notifier: Notifier = {
    send: async (userId, type, params) => {
      await this.notifications.create({ userId, type, params });
    },
    when: (iso) => formatWhen(iso, this.notifications.timeZone),
    day: (iso) => dayIn(iso, this.notifications.timeZone),
  };

  onModuleInit(): void {
    for (const { notifications } of DOMAIN_NOTIFICATIONS) {
      for (const [event, reaction] of Object.entries(notifications.reactions) as [keyof DomainEvents, Reaction][]) {
        this.events.on(event, (payload) => reaction(payload, this.notifier));
      }
    }
  }
}
