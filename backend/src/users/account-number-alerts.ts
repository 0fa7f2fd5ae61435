import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { EventBus } from '../common/events/domain-events';
import { errorForLog } from '../common/text/control-characters';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { MailQueue } from '../mail/mail-queue.service';
import { NotificationsService } from '../notifications/notifications.service';
import { UsersService } from './users.service';

/** The owner's mail, in their language (their notification language; Norwegian by default). */
const CHANGED_MAIL = {
  nb: {
    subject: 'Kontonummeret ditt ble endret',
    body: 'Hei {name},\n\nKontonummeret for utbetalingene dine i Eierportalen ble endret, og slutter nå på {last4}.\n\nVar det ikke deg, kontakt oss straks og bytt passord: {link}',
    removed: 'Hei {name},\n\nKontonummeret for utbetalingene dine i Eierportalen ble fjernet.\n\nVar det ikke deg, kontakt oss straks og bytt passord: {link}',
  },
  en: {
    subject: 'Your account number was changed',
    body: 'Hello {name},\n\nThe account number for your payouts in Eierportalen was changed, and now ends in {last4}.\n\nIf this was not you, contact us at once and change your password: {link}',
    removed: 'Hello {name},\n\nThe account number for your payouts in Eierportalen was removed.\n\nIf this was not you, contact us at once and change your password: {link}',
  },
} as const;

/**
 * Mails the owner when their payout account number changes, whoever changed it: someone with their password, or
 * an admin, could redirect the payouts. The in-app notifications are the notifications module's reaction to the
 * same event. See docs/operations.md, 'Account numbers'.
 */
@Injectable()
export class AccountNumberAlerts implements OnModuleInit {
  private readonly logger = new Logger(AccountNumberAlerts.name);

  constructor(
    private readonly events: EventBus,
    private readonly users: UsersService,
    private readonly notifications: NotificationsService,
    private readonly mail: MailQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.events.on('users.account_number.changed', async (e) => {
      try {
        const owner = await this.users.findById(e.userId);
        if (!owner?.email) return;
        const text = CHANGED_MAIL[await this.notifications.languageOf(owner.id)];
        const body = e.last4 ? text.body : text.removed;
        const filled = body.replace('{name}', owner.name).replace('{last4}', e.last4).replace('{link}', `${this.config.publicUrl}/settings`);
        await this.mail.enqueue({ to: owner.email, subject: text.subject, text: filled });
      } catch (error) {
        this.logger.error(`account number mail to user ${e.userId}: ${errorForLog(error)}`);
      }
    });
  }
}
