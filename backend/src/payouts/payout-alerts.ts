import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { EventBus, type DomainEvents } from '../common/events/domain-events';
import { errorForLog } from '../common/text/control-characters';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { MailQueue } from '../mail/mail-queue.service';
import { fill } from '../common/text/placeholders';
import { UsersService } from '../users/users.service';
import { formatAmount, monthName } from './payout-texts';
import { payoutLink } from './payouts.notifications';

/** The owner's mail, in their language (their notification language; Norwegian by default). */
const PAYOUT_MAIL = {
  nb: {
    registered: { subject: 'Ny utbetaling for {month}', intro: 'en utbetaling for {month} er registrert' },
    changed: { subject: 'Utbetalingen for {month} er endret', intro: 'utbetalingen for {month} er endret' },
    paid: { subject: 'Utbetalingen for {month} er betalt', intro: 'utbetalingen for {month} er betalt' },
    body: 'Hei {name},\n\n{intro}.\n\nBeløp: {amount} {currency}\nStatus: {status}\n\nSe utbetalingen i Eierportalen: {link}',
    status: { pending: 'Venter', paid: 'Betalt', sent: 'Sendt', offset: 'Motregnet' } as Record<string, string>,
  },
  en: {
    registered: { subject: 'New payout for {month}', intro: 'a payout for {month} was registered' },
    changed: { subject: 'Your payout for {month} was changed', intro: 'your payout for {month} was changed' },
    paid: { subject: 'Your payout for {month} was paid', intro: 'your payout for {month} was paid' },
    body: 'Hello {name},\n\n{intro}.\n\nAmount: {amount} {currency}\nStatus: {status}\n\nSee the payout in Eierportalen: {link}',
    status: { pending: 'Pending', paid: 'Paid', sent: 'Sent', offset: 'Offset' } as Record<string, string>,
  },
} as const;

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Mails the property's members who see its money (each in their language) when an admin registers a payout, changes its amount or status, or marks it paid; the bell is the
 * notifications module's reaction to the same event (docs/product/payouts-and-prices.md#notifications).
 */
@Injectable()
export class PayoutAlerts implements OnModuleInit {
  private readonly logger = new Logger(PayoutAlerts.name);

  constructor(
    private readonly events: EventBus,
    private readonly users: UsersService,
    private readonly mail: MailQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.events.on('payouts.changed', async (e) => {
      for (const member of e.members) if (member !== e.actorId) await this.mailTo(member, e);
    });
  }

  private async mailTo(memberId: number, e: DomainEvents['payouts.changed']): Promise<void> {
    try {
      const owner = await this.users.findById(memberId);
      if (!owner?.email) return;
      const language = await this.users.languageOf(owner.id);
      const text = PAYOUT_MAIL[language];
      const month = monthName(e.year, e.month, language);
      const kind = text[e.change];
      const body = fill(text.body, {
        name: owner.name, intro: capitalised(fill(kind.intro, { month })), amount: formatAmount(e.amount, language), currency: e.currency,
        status: text.status[e.status] ?? e.status, link: `${this.config.publicUrl}${payoutLink({ payoutId: e.payoutId, year: e.year, propertyId: e.propertyId }) ?? '/payouts'}`,
      });
      await this.mail.enqueue({ to: owner.email, subject: fill(kind.subject, { month }), text: body });
    } catch (error) {
      this.logger.error(`payout ${e.payoutId} mail to user ${memberId}: ${errorForLog(error)}`);
    }
  }
}
