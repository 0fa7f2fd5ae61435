import { applyDecorators, createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';
import type { SessionUser } from './session-user';

/**
 * Who may call a route. Every route declares exactly one level; the global AccessGuard refuses routes without one.
 * - public: anyone, also without a session
 * - user: any logged-in, unblocked user (ownership is checked in the services)
 * - staff: admins, and mini admins for reading (mini admins are refused on every non-GET)
 * - admin: full admins only
 */
export type AccessLevel = 'public' | 'user' | 'staff' | 'admin';
export const ACCESS_KEY = 'access';
/** The OpenAPI extension that carries a route's level; the document's setup turns it into security and errors. */
export const ACCESS_EXTENSION = 'x-access';

export const Access = (level: AccessLevel) => applyDecorators(SetMetadata(ACCESS_KEY, level), ApiExtension(ACCESS_EXTENSION, level));

/** The logged-in user, loaded by the AccessGuard through SESSION_USER_LOOKUP (the users module's User). */
export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): SessionUser => ctx.switchToHttp().getRequest().user);
