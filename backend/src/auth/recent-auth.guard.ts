import { CanActivate, ExecutionContext, ForbiddenException, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { Clock } from '../common/adapters/clock';
import { hasRecentAuth, RECENT_AUTH_KEY, REAUTH_REQUIRED, type RecentAuthOptions } from '../common/recent-auth.decorator';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { User } from '../users/user.entity';

/** A field as the guard compares it: trimmed text, blank and absent as null. */
const normalised = (value: unknown): unknown => (typeof value === 'string' ? value.trim() || null : (value ?? null));

/**
 * Routes marked @RequiresRecentAuth() answer 403 `reauth_required` unless the session's `reauthAt` (stamped at
 * sign-in and by POST /api/user/reauth) is at most REAUTH_WINDOW_SECONDS (10 minutes by default) old by the Clock (docs/security.md#re-authentication).
 * Runs after the AccessGuard, which has put the user on the request.
 */
@Injectable()
export class RecentAuthGuard implements CanActivate {
  private readonly windowSeconds: number;

  constructor(private readonly reflector: Reflector, private readonly clock: Clock, @Inject(APP_CONFIG) config: AppConfig) {
    this.windowSeconds = config.reauthWindowSeconds;
  }

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const options = this.reflector.getAllAndOverride<RecentAuthOptions | undefined>(RECENT_AUTH_KEY, [context.getHandler(), context.getClass()]);
    if (!options) return true;
    const req = context.switchToHttp().getRequest<Request>();
    const user = req.user as User | undefined;
    // Signed-in routes only: without a user the AccessGuard has already answered 401.
    if (!user) return true;
    if (hasRecentAuth(req.session, this.clock.now(), this.windowSeconds)) return true;
    if (options.onlyWhenChanging && !changesAny(req.body, user, options.onlyWhenChanging)) return true;
    if (options.onlyWhen && !options.onlyWhen(req.body)) return true;
    throw new ForbiddenException(REAUTH_REQUIRED());
  }
}

/** Whether the (not yet validated) body sets one of `fields` to something other than the user has. */
function changesAny(body: unknown, user: User, fields: string[]): boolean {
  if (!body || typeof body !== 'object') return false;
  const given = body as Record<string, unknown>;
  const current = user as unknown as Record<string, unknown>;
  return fields.some((field) => given[field] !== undefined && normalised(given[field]) !== normalised(current[field]));
}
