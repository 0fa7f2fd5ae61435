import { CanActivate, ExecutionContext, ForbiddenException, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { coded } from '../common/http-exception.filter';
import { ALLOWED_BEFORE_TWO_FACTOR } from '../common/two-factor-setup.decorator';
import type { User } from '../users/user.entity';
import { TwoFactorService } from './two-factor.service';


/**
 * While the service requires it (REQUIRE_STAFF_2FA or the `security.requireStaff2fa` setting), staff without
 * two-factor sign-in reach only its setup: every other signed-in route answers 403 `two_factor_setup_required`
 * (docs/security.md). Runs after the AccessGuard, which has put the user on the request.
 */
@Injectable()
export class StaffTwoFactorGuard implements CanActivate {
  constructor(private readonly reflector: Reflector, private readonly twoFactor: TwoFactorService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const user = context.switchToHttp().getRequest<Request>().user as User | undefined;
    if (!user || !(user.isAdmin || user.isMiniAdmin) || user.twoFactorEnabled) return true;
    if (this.reflector.getAllAndOverride<boolean | undefined>(ALLOWED_BEFORE_TWO_FACTOR, [context.getHandler(), context.getClass()])) return true;
    if (await this.twoFactor.mustSetUp(user)) {
      throw new ForbiddenException(coded('two_factor_setup_required', 'Du må slå på tofaktorinnlogging før du kan fortsette'));
    }
    return true;
  }
}
