import { ForbiddenException, Injectable, OnModuleDestroy } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { Strategy } from 'passport-local';
import { AuditService } from '../audit/audit.service';
import { coded } from '../common/http-exception.filter';
import { requestContext } from '../common/request-context';
import { SystemSettingsService } from '../system/system-settings.service';
import type { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import type { LoginProof } from './login-proof';
import { strategyStarted, strategyStopped } from './strategy-lifetime';

/** The name passport knows the password step by. */
export const PASSWORD_LOGIN = 'password-login';

/** A blocked account is refused once its password (or code) was right: the reason is no one else's to read. */
export function refuseBlocked(user: User): void {
  if (user.isBlocked) throw new ForbiddenException(user.blockReason ? coded('account_blocked_reason', `Kontoen er blokkert: ${user.blockReason}`, { reason: user.blockReason }) : coded('account_blocked', 'Kontoen er blokkert'));
}

/**
 * The password step of a sign-in (`POST /api/login`) as a passport-local strategy: it says whose password was right
 * and nothing else; the session is the controller's (docs/security.md#signing-in-on-passport).
 */
@Injectable()
export class PasswordLoginStrategy extends PassportStrategy(Strategy, PASSWORD_LOGIN) implements OnModuleDestroy {
  constructor(
    private readonly users: UsersService,
    private readonly system: SystemSettingsService,
    private readonly audit: AuditService,
  ) {
    super({ usernameField: 'username', passwordField: 'password', passReqToCallback: true });
    strategyStarted(PASSWORD_LOGIN, this);
  }

  onModuleDestroy(): void {
    strategyStopped(PASSWORD_LOGIN, this);
  }

  async validate(req: Request, username: string, password: string): Promise<LoginProof> {
    const user = await this.users.findByUsername(username);
    if (!user) {
      // As long as a wrong password for a real account: the answer's time does not tell which names exist.
      await this.users.dummyVerify(password);
      throw UsersService.unauthorized();
    }
    if (!(await this.users.verifyPassword(user, password))) {
      await this.audit.record(null, user.id, 'login.failed', { reason: 'password' }, undefined, requestContext(req));
      throw UsersService.unauthorized();
    }
    refuseBlocked(user);
    // Open during maintenance so that admins can sign in; anyone else gets the maintenance answer, and no session.
    await this.system.refuseDuringMaintenance(user);
    return { user, method: 'password' };
  }
}
