import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { createHash, randomBytes } from 'node:crypto';
import { IsNull, MoreThan, Repository } from 'typeorm';
import { EventBus } from '../common/events/domain-events';
import { Clock } from '../common/adapters/clock';
import { coded } from '../common/http-exception.filter';
import type { RequestContext } from '../common/request-context';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { MailQueue } from '../mail/mail-queue.service';
import { UsersService } from '../users/users.service';
import { PasswordResetToken } from './password-reset-token.entity';

const VALID_FOR_MS = 24 * 3600 * 1000;
/** The reset mail, in the user's language (common/user-language.ts; Norwegian by default). */
const RESET_MAIL = {
  nb: { subject: 'Tilbakestill passordet ditt', body: 'Hei {name},\n\nBruk denne lenken for å velge et nytt passord. Den virker én gang og i 24 timer:\n{link}\n\nHar du ikke bedt om dette, kan du se bort fra e-posten.' },
  en: { subject: 'Reset your password', body: 'Hello {name},\n\nUse this link to choose a new password. It works once, for 24 hours:\n{link}\n\nIf you did not ask for this, you can ignore this mail.' },
} as const;
const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * One-time reset links, valid 24 hours. The link carries the token; the database only its hash.
 * Only the newest link of a user works: issuing one, or any password change, retires every earlier one.
 */
@Injectable()
export class PasswordResetService {
  constructor(
    @InjectRepository(PasswordResetToken) private readonly tokens: Repository<PasswordResetToken>,
    private readonly users: UsersService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly mail: MailQueue,
    events: EventBus,
  ) {
    // In the password change's transaction: a link for the old password never outlives the new one.
    events.onInTransaction('users.password.setting', ({ userId }, { tx }) => this.retireLinks(userId, tx.getRepository(PasswordResetToken)));
  }

  /** A new link; with SMTP set it is also mailed to the user, in their language (`mailed`). */
  async createLink(userId: number): Promise<{ resetLink: string; expiresAt: Date; mailed: boolean }> {
    const user = await this.users.get(userId);
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(this.clock.now().getTime() + VALID_FOR_MS);
    await this.tokens.manager.transaction(async (tx) => {
      await this.retireLinks(userId, tx.getRepository(PasswordResetToken));
      await tx.getRepository(PasswordResetToken).insert({ userId, tokenHash: sha256(token), expiresAt });
    });
    const resetLink = `${this.config.publicUrl}/reset-password?token=${token}`;
    let mailed = false;
    if (this.mail.enabled && user.email) {
      const text = RESET_MAIL[await this.users.languageOf(user.id)];
      mailed = await this.mail.enqueue({ to: user.email, subject: text.subject, text: text.body.replace('{name}', user.name).replace('{link}', resetLink) });
    }
    return { resetLink, expiresAt, mailed };
  }

  /** Sets the password of the link's user; the activity names them as the actor, from the browser that used the link. */
  async reset(token: string, newPassword: string, context?: RequestContext): Promise<void> {
    // Claim the token and check it in one statement, so two simultaneous uses cannot both succeed.
    const claimed = await this.tokens
      .createQueryBuilder()
      .update()
      .set({ usedAt: () => 'now()' })
      .where({ tokenHash: sha256(token), usedAt: IsNull(), expiresAt: MoreThan(this.clock.now()) })
      .returning(['userId'])
      .execute();
    const userId = claimed.raw[0]?.user_id as number | undefined;
    if (!userId) throw new BadRequestException(coded('reset_link_invalid', 'Lenken for tilbakestilling er ugyldig, utløpt eller allerede brukt'));
    await this.users.setPassword(userId, newPassword, { actorId: userId, via: 'reset_link', context });
  }

  /** Marks every unused link of the user as used, so none of them can be claimed any more. */
  private async retireLinks(userId: number, tokens = this.tokens): Promise<void> {
    await tokens.update({ userId, usedAt: IsNull() }, { usedAt: this.clock.now() });
  }
}
