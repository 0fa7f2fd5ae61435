import { CanActivate, ExecutionContext, ForbiddenException, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { ACCESS_KEY, AccessLevel } from './access.decorator';
import { coded } from './http-exception.filter';
import { SESSION_USER_LOOKUP, type SessionUser, type SessionUserLookup, userReadWithSession } from './session-user';
import { NO_TOKENS, TOKEN_SCOPE_KEY, tokenHolds, type TokenScopeDecision } from './token-scope.decorator';

const READ_METHODS = new Set(['GET', 'HEAD']);

@Injectable()
export class AccessGuard implements CanActivate {
  constructor(private readonly reflector: Reflector, @Inject(SESSION_USER_LOOKUP) private readonly users: SessionUserLookup) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    // Socket messages (/ws) carry no route level: the upgrade already required a logged-in, unblocked user
    // (SessionWsAdapter), the gateway closes the socket when that session ends, and its handlers check the user.
    if (context.getType() === 'ws') return true;
    const level = this.reflector.getAllAndOverride<AccessLevel | undefined>(ACCESS_KEY, [context.getHandler(), context.getClass()]);
    if (!level) throw new ForbiddenException('Tilgang nektet');
    const req = context.switchToHttp().getRequest<Request>();
    // A token call (bearer-token.ts found the token valid) reaches only the routes whose scope it holds, as its
    // owner: a route without a scope (@NoTokens(), or none declared) refuses every token (docs/security.md#api-tokens).
    if (req.apiToken) {
      const scope = this.reflector.getAllAndOverride<TokenScopeDecision | undefined>(TOKEN_SCOPE_KEY, [context.getHandler(), context.getClass()]);
      if (!scope || scope === NO_TOKENS) throw new ForbiddenException(coded('token_scope', 'API-nøkler kan ikke brukes her'));
      if (!tokenHolds(req.apiToken.scopes, scope)) throw new ForbiddenException(coded('token_scope', `API-nøkkelen mangler tilgangen ${scope}`, { scope }));
      if (level === 'public') return true;
      return this.allowed(level, req, req.apiToken.user);
    }
    if (level === 'public') return true;

    const userId = req.session?.userId;
    // Usually the session store read the user in the same statement as the session; otherwise ask.
    const user = userId ? (userReadWithSession(req.session) ?? (await this.users.findById(userId))) : null;
    if (!user || user.isBlocked) {
      // A deleted or blocked user's cookie is worthless; drop it rather than keep asking.
      if (userId) await new Promise<void>((done) => req.session.destroy(() => done()));
      throw new UnauthorizedException('Du må logge inn');
    }
    return this.allowed(level, req, user);
  }

  private allowed(level: Exclude<AccessLevel, 'public'>, req: Request, user: SessionUser): boolean {
    req.user = user;
    if (level === 'user') return true;
    if (user.isAdmin) return true;
    if (level === 'staff' && user.isMiniAdmin && READ_METHODS.has(req.method)) return true;
    throw new ForbiddenException(coded('admin_required', 'Tilgang nektet: krever administratorrettigheter'));
  }
}
