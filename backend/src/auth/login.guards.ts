import { ExecutionContext, Injectable, type Type } from '@nestjs/common';
import { AuthGuard, type IAuthGuard, type AuthGuardAuthenticateOptions } from '@nestjs/passport';
import type { Request } from 'express';
import { createValidationPipe } from '../common/validation.pipe';
import { LoginDto } from './auth.dto';
import { LOGIN_PROOF } from './login-proof';
import { PASSWORD_LOGIN } from './password-login.strategy';
import { TWO_FACTOR_LOGIN } from './two-factor-login.strategy';
import { TwoFactorCodeDto } from './two-factor.dto';

const validation = createValidationPipe();

/**
 * A sign-in step's guard: passport's AuthGuard for the step's strategy, with two things of the app's own. Guards run
 * before pipes, so the body is validated here as the route's DTO (the same pipe, the same 400s and texts) before a
 * strategy reads it. And the proof goes to LOGIN_PROOF, not `req.user`, and without passport's session
 * (docs/security.md#signing-in-on-passport).
 */
function signInGuard(strategy: string, body: Type): Type<IAuthGuard> {
  @Injectable()
  class SignInGuard extends AuthGuard(strategy) {
    override async canActivate(context: ExecutionContext): Promise<boolean> {
      const req = context.switchToHttp().getRequest<Request>();
      req.body = await validation.transform(req.body, { type: 'body', metatype: body, data: undefined });
      return (await super.canActivate(context)) as boolean;
    }

    override getAuthenticateOptions(): AuthGuardAuthenticateOptions {
      return { session: false, property: LOGIN_PROOF };
    }
  }
  return SignInGuard;
}

/** `POST /api/login`: the password step (PasswordLoginStrategy). */
export const PasswordLoginGuard = signInGuard(PASSWORD_LOGIN, LoginDto);
/** `POST /api/login/2fa`: the code step over the pending session (TwoFactorLoginStrategy). */
export const TwoFactorLoginGuard = signInGuard(TWO_FACTOR_LOGIN, TwoFactorCodeDto);
