import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { User } from '../users/user.entity';

/**
 * What a sign-in strategy proved: whose password or code was right, and which. The guards put it on the request
 * under LOGIN_PROOF rather than `req.user`, which stays the signed-in user the access guard loads: a right password
 * for an account that still owes a code signs nobody in (docs/security.md#signing-in-on-passport).
 */
export interface LoginProof {
  user: User;
  method: 'password' | 'totp' | 'recovery';
}

export const LOGIN_PROOF = 'loginProof';

/** The proof the route's sign-in guard left on the request. */
export const ProvenLogin = createParamDecorator((_: unknown, ctx: ExecutionContext): LoginProof => ctx.switchToHttp().getRequest<Request & { [LOGIN_PROOF]: LoginProof }>()[LOGIN_PROOF]);
