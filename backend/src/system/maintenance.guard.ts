import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { OPEN_DURING_MAINTENANCE_KEY } from '../common/maintenance.decorator';
import { SESSION_USER_LOOKUP, type SessionUserLookup, userReadWithSession } from '../common/session-user';
import { SystemSettingsService } from './system-settings.service';

/**
 * Maintenance mode, enforced by the server (docs/product/system.md#maintenance-mode): while it is on, every route not marked
 * @OpenDuringMaintenance answers 503 `maintenance` to anyone who is not an admin, logged in or not. It runs before
 * the AccessGuard, so an anonymous caller hears "maintenance", not "log in". The state comes from the service's
 * cache, so a request costs no query while maintenance is off. Scheduled jobs do not pass through here and keep
 * running.
 */
@Injectable()
export class MaintenanceGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly settings: SystemSettingsService,
    @Inject(SESSION_USER_LOOKUP) private readonly users: SessionUserLookup,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    if (this.reflector.getAllAndOverride<boolean | undefined>(OPEN_DURING_MAINTENANCE_KEY, [context.getHandler(), context.getClass()])) return true;
    const state = await this.settings.maintenance();
    if (!state.enabled) return true;

    const req = context.switchToHttp().getRequest<Request>();
    // A token call (common/bearer-token.ts) is its owner's, as a session is: an admin's token keeps working.
    const userId = req.session?.userId;
    const user = req.apiToken?.user ?? (userId ? (userReadWithSession(req.session) ?? (await this.users.findById(userId))) : null);
    await this.settings.refuseDuringMaintenance(user);
    return true;
  }
}
