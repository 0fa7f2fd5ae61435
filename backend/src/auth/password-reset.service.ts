import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { createHash, randomBytes } from 'node:crypto';
import { IsNull, MoreThan, Repository } from 'typeorm';
import { Clock } from '../common/adapters/clock';
import { coded } from '../common/http-exception.filter';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { UsersService } from '../users/users.service';
import { PasswordResetToken } from './password-reset-token.entity';

const VALID_FOR_MS = 24 * 3600 * 1000;
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
  ) {
    users.onPasswordChanged((userId) => this.retireLinks(userId));
  }

  async createLink(userId: number): Promise<{ resetLink: string; expiresAt: Date }> {
    await this.users.get(userId);
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(this.clock.now().getTime() + VALID_FOR_MS);
    await this.tokens.manager.transaction(async (tx) => {
      await this.retireLinks(userId, tx.getRepository(PasswordResetToken));
      await tx.getRepository(PasswordResetToken).insert({ userId, tokenHash: sha256(token), expiresAt });
    });
    return { resetLink: `${this.config.publicUrl}/reset-password?token=${token}`, expiresAt };
  }

  async reset(token: string, newPassword: string): Promise<void> {
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
    await this.users.setPassword(userId, newPassword);
  }

  /** Marks every unused link of the user as used, so none of them can be claimed any more. */
  private async retireLinks(userId: number, tokens = this.tokens): Promise<void> {
    await tokens.update({ userId, usedAt: IsNull() }, { usedAt: this.clock.now() });
  }
}
