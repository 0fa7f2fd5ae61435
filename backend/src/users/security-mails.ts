import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { EventBus } from '../common/events/domain-events';
import { errorForLog } from '../common/text/control-characters';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { MailQueue } from '../mail/mail-queue.service';
import { fill } from '../common/text/placeholders';
import './users.events';
import { UsersService } from './users.service';

type Language = 'nb' | 'en';
interface MailText { subject: string; body: string }

/** The mails, in the person's language (their notification language; Norwegian by default). `{name}`, `{link}`, `{last4}` are filled in. */
const TEXTS: Record<Language, Record<'accountNumber' | 'accountNumberRemoved' | 'email' | 'password' | 'passwordByAdmin' | 'twoFactorOff', MailText>> = {
  nb: {
    accountNumber: {
      subject: 'Kontonummeret ditt ble endret',
      body: 'Hei {name},\n\nKontonummeret for utbetalingene dine i Eierportalen ble endret, og slutter nå på {last4}.\n\nVar det ikke deg, kontakt oss straks og bytt passord: {link}',
    },
    accountNumberRemoved: {
      subject: 'Kontonummeret ditt ble endret',
      body: 'Hei {name},\n\nKontonummeret for utbetalingene dine i Eierportalen ble fjernet.\n\nVar det ikke deg, kontakt oss straks og bytt passord: {link}',
    },
    email: {
      subject: 'E-postadressen din ble endret',
      body: 'Hei {name},\n\nE-postadressen til kontoen din i Eierportalen ble endret, og denne adressen får ikke lenger e-post fra oss.\n\nVar det ikke deg, kontakt oss straks: noen kan ha tatt over kontoen din.',
    },
    password: {
      subject: 'Passordet ditt ble endret',
      body: 'Hei {name},\n\nPassordet til kontoen din i Eierportalen ble endret.\n\nVar det ikke deg, kontakt oss straks og be om et nytt passord: {link}',
    },
    passwordByAdmin: {
      subject: 'Passordet ditt ble endret',
      body: 'Hei {name},\n\nEn administrator har satt et nytt passord på kontoen din i Eierportalen.\n\nVar ikke dette etter avtale med deg, kontakt oss straks: {link}',
    },
    twoFactorOff: {
      subject: 'Tofaktorinnlogging er slått av',
      body: 'Hei {name},\n\nTofaktorinnloggingen på kontoen din i Eierportalen ble slått av. Du logger nå inn med passordet alene. Slå den på igjen under Innstillinger: {link}\n\nVar det ikke deg, kontakt oss straks og bytt passord.',
    },
  },
  en: {
    accountNumber: {
      subject: 'Your account number was changed',
      body: 'Hello {name},\n\nThe account number for your payouts in Eierportalen was changed, and now ends in {last4}.\n\nIf this was not you, contact us at once and change your password: {link}',
    },
    accountNumberRemoved: {
      subject: 'Your account number was changed',
      body: 'Hello {name},\n\nThe account number for your payouts in Eierportalen was removed.\n\nIf this was not you, contact us at once and change your password: {link}',
    },
    email: {
      subject: 'Your e-mail address was changed',
      body: 'Hello {name},\n\nThe e-mail address of your Eierportalen account was changed, and this address no longer gets mail from us.\n\nIf this was not you, contact us at once: someone may have taken over your account.',
    },
    password: {
      subject: 'Your password was changed',
      body: 'Hello {name},\n\nThe password of your Eierportalen account was changed.\n\nIf this was not you, contact us at once and ask for a new password: {link}',
    },
    passwordByAdmin: {
      subject: 'Your password was changed',
      body: 'Hello {name},\n\nAn administrator set a new password on your Eierportalen account.\n\nIf you did not ask for this, contact us at once: {link}',
    },
    twoFactorOff: {
      subject: 'Two-factor sign-in was turned off',
      body: 'Hello {name},\n\nTwo-factor sign-in on your Eierportalen account was turned off. You now sign in with your password alone. Turn it on again under Settings: {link}\n\nIf this was not you, contact us at once and change your password.',
    },
  },
};

/**
 * Mails the person when something that guards their account or its money changes, whoever changed it: someone
 * with their session, their password or an admin's could have (docs/security.md#security-mails). A changed e-mail
 * and a changed account number go to the address the account had before the change, so whoever changed both in
 * one save does not get the warning themselves. The in-app notifications of a changed account number are the
 * notifications module's reaction to the same event.
 */
@Injectable()
export class SecurityMails implements OnModuleInit {
  private readonly logger = new Logger(SecurityMails.name);

  constructor(
    private readonly events: EventBus,
    private readonly users: UsersService,
    private readonly mail: MailQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.events.on('users.account_number.changed', (e) =>
      this.send(e.userId, e.last4 ? 'accountNumber' : 'accountNumberRemoved', { last4: e.last4 }, e.mailTo));
    this.events.on('users.email.changed', (e) => this.send(e.userId, 'email', {}, e.previousEmail));
    this.events.on('users.password.changed', (e) => this.send(e.userId, e.via === 'admin' ? 'passwordByAdmin' : 'password'));
    this.events.on('users.two_factor.disabled', (e) => this.send(e.userId, 'twoFactorOff'));
  }

  /** Queues the mail `kind` to `to`, or to the account's current address; a failure is logged, never the change's. */
  private async send(userId: number, kind: keyof (typeof TEXTS)['nb'], params: Record<string, string> = {}, to?: string): Promise<void> {
    try {
      const owner = await this.users.findById(userId);
      const address = to ?? owner?.email;
      if (!owner || !address) return;
      const text = TEXTS[await this.users.languageOf(owner.id)][kind];
      const values: Record<string, string> = { name: owner.name, link: `${this.config.publicUrl}/settings`, ...params };
      const body = fill(text.body, values);
      await this.mail.enqueue({ to: address, subject: text.subject, text: body });
    } catch (error) {
      this.logger.error(`${kind} mail to user ${userId}: ${errorForLog(error)}`);
    }
  }
}
