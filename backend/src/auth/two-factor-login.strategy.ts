import { Injectable, OnModuleDestroy, UnauthorizedException } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { Strategy } from 'passport-custom';
import { AuditService } from '../audit/audit.service';
import { Clock } from '../common/adapters/clock';
import { coded } from '../common/http-exception.filter';
import { requestContext } from '../common/request-context';
import { saveSession } from './session-promises';
import { SystemSettingsService } from '../system/system-settings.service';
import { UsersService } from '../users/users.service';
import type { LoginProof } from './login-proof';
import { strategyStarted, strategyStopped } from './strategy-lifetime';
import { refuseBlocked } from './password-login.strategy';
import { refuseCode, TwoFactorService } from './two-factor.service';

/** The name passport knows the code step by. */
export const TWO_FACTOR_LOGIN = 'two-factor-login';

/** How long the code may take after the password was right: then the password is asked for again. */
const TWO_FACTOR_LOGIN_MS = 5 * 60 * 1000;
/** Wrong codes one password step buys: then the password is asked for again (docs/security.md#signing-in-with-two-factors). */
export const TWO_FACTOR_LOGIN_TRIES = 5;

/**
 * The code step of a sign-in (`POST /api/login/2fa`), a custom strategy over the pending session the password step
 * left: the account comes from the session, never from the body (docs/security.md#signing-in-on-passport). Wrong
 * codes count against the same limit as wrong passwords (login-rate-limits.ts, keyed by that account).
 */
@Injectable()
export class TwoFactorLoginStrategy extends PassportStrategy(Strategy, TWO_FACTOR_LOGIN) implements OnModuleDestroy {
  constructor(
    private readonly users: UsersService,
    private readonly system: SystemSettingsService,
    private readonly twoFactor: TwoFactorService,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {
    super();
    strategyStarted(TWO_FACTOR_LOGIN, this);
  }

  onModuleDestroy(): void {
    strategyStopped(TWO_FACTOR_LOGIN, this);
  }

  async validate(req: Request): Promise<LoginProof> {
    const pending = req.session.twoFactorPending;
    if (!pending) throw new UnauthorizedException(coded('two_factor_login_missing', 'Logg inn med passordet først'));
    if (this.clock.now().getTime() - pending.at > TWO_FACTOR_LOGIN_MS) {
      delete req.session.twoFactorPending;
      await saveSession(req);
      throw new UnauthorizedException(coded('two_factor_login_expired', 'Det tok for lang tid. Logg inn med passordet på nytt.'));
    }
    const user = await this.users.findById(pending.userId);
    if (!user) throw UsersService.unauthorized();
    refuseBlocked(user);
    await this.system.refuseDuringMaintenance(user);
    const check = await this.twoFactor.checkCode(user.id, (req.body as { code: string }).code);
    if (check !== 'totp' && check !== 'recovery') {
      await this.audit.record(null, user.id, 'login.failed', { reason: `code_${check}` }, undefined, requestContext(req));
      // Whatever address the codes come from, the password step is spent after a few wrong ones.
      const failures = (pending.failures ?? 0) + 1;
      if (failures >= TWO_FACTOR_LOGIN_TRIES) delete req.session.twoFactorPending;
      else req.session.twoFactorPending = { ...pending, failures };
      await saveSession(req);
    }
    refuseCode(check, (body) => new UnauthorizedException(body));
    return { user, method: check };
  }
}
