import { BadRequestException, Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { Access, CurrentUser } from '../common/access.decorator';
import { MessageResponse } from '../common/api.dto';
import { Clock } from '../common/adapters/clock';
import { coded } from '../common/http-exception.filter';
import { requestContext } from '../common/request-context';
import { AllowedBeforeTwoFactor } from '../common/two-factor-setup.decorator';
import { AuditService } from '../audit/audit.service';
import type { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { ReauthDto } from './two-factor.dto';
import { refuseCode, TwoFactorService } from './two-factor.service';
import { NoTokens } from '../common/token-scope.decorator';

const save = (req: Request) => new Promise<void>((ok, fail) => req.session.save((e) => (e ? fail(e) : ok())));

const wrongPassword = () => new BadRequestException({ ...coded('wrong_current_password', 'Nåværende passord er feil'), errors: [{ field: 'password', message: 'Nåværende passord er feil' }] });
const codeRequired = () => new BadRequestException({ ...coded('two_factor_code_required', 'Koden fra appen er påkrevd'), errors: [{ field: 'code', message: 'Koden fra appen er påkrevd' }] });

/**
 * Proving one's identity again before a sensitive change (docs/security.md#re-authentication): the password, and a
 * code when two-factor sign-in is on. Wrong attempts count against the sign-in limit (login-rate-limits.ts).
 */
@Controller('user')
@Access('user')
export class ReauthController {
  constructor(
    private readonly users: UsersService,
    private readonly twoFactor: TwoFactorService,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  /**
   * Opens the sensitive routes for this session for 10 minutes (the server's REAUTH_WINDOW_SECONDS). Staff who must
   * set up two-factor sign-in reach it too.
   */
  @Post('reauth')
  @NoTokens()
  @AllowedBeforeTwoFactor()
  @HttpCode(200)
  async reauth(@CurrentUser() user: User, @Body() dto: ReauthDto, @Req() req: Request): Promise<MessageResponse> {
    const context = requestContext(req);
    if (!(await this.users.verifyPassword(user, dto.password))) {
      await this.audit.record(user.id, user.id, 'reauth.failed', { reason: 'password' }, undefined, context);
      throw wrongPassword();
    }
    if (user.twoFactorEnabled) {
      if (!dto.code?.trim()) throw codeRequired();
      const check = await this.twoFactor.checkCode(user.id, dto.code);
      if (check !== 'totp' && check !== 'recovery') {
        await this.audit.record(user.id, user.id, 'reauth.failed', { reason: `code_${check}` }, undefined, context);
      }
      refuseCode(check, (body) => new BadRequestException({ ...body, errors: [{ field: 'code', message: body.message }] }));
    }
    req.session.reauthAt = this.clock.now().getTime();
    await save(req);
    return { message: 'Bekreftet' };
  }
}
