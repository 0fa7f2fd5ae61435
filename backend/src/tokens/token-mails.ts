import { Inject, Injectable, Logger } from '@nestjs/common';
import { errorForLog } from '../common/text/control-characters';
import { fill } from '../common/text/placeholders';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { MailQueue } from '../mail/mail-queue.service';
import { UsersService } from '../users/users.service';

/** `{name}`, `{token}` (the token's name), `{scopes}`, `{days}` and `{link}` are filled in. */
const TEXTS = {
  nb: {
    subject: 'En ny API-nøkkel ble laget på kontoen din',
    body: 'Hei {name},\n\nDet ble laget en API-nøkkel, «{token}», på kontoen din i Eierportalen, med tilgangene {scopes}, gyldig i {days} dager. Med den kan et program bruke kontoen din uten passordet.\n\nVar det ikke deg, trekk den tilbake under Innstillinger → API-nøkler, bytt passord og kontakt oss: {link}',
  },
  en: {
    subject: 'A new API token was created on your account',
    body: 'Hello {name},\n\nAn API token, “{token}”, was created on your Eierportalen account, with the scopes {scopes}, valid for {days} days. With it a program can use your account without the password.\n\nIf this was not you, revoke it under Settings → API tokens, change your password and contact us: {link}',
  },
} as const;

/**
 * The mail a person gets when a token is made on their account, as GitHub sends one for a new personal access token
 * (docs/security.md#security-mails): whoever holds a session could have made it, and it outlives that session.
 */
@Injectable()
export class TokenMails {
  private readonly logger = new Logger(TokenMails.name);

  constructor(private readonly users: UsersService, private readonly mail: MailQueue, @Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** Queues the mail; a failure is logged, never the creation's. */
  async created(userId: number, token: { name: string; scopes: string[]; days: number }): Promise<void> {
    try {
      const owner = await this.users.findById(userId);
      if (!owner?.email) return;
      const text = TEXTS[await this.users.languageOf(owner.id)];
      const body = fill(text.body, { name: owner.name, token: token.name, scopes: token.scopes.join(', '), days: String(token.days), link: `${this.config.publicUrl}/settings?tab=apiTokens` });
      await this.mail.enqueue({ to: owner.email, subject: text.subject, text: body });
    } catch (error) {
      this.logger.error(`token mail to user ${userId}: ${errorForLog(error)}`);
    }
  }
}
