import { RequestMethod, type Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ModulesContainer } from '@nestjs/core';
import { ACCESS_KEY, AccessLevel } from '../../src/common/access.decorator';
import { TOKEN_SCOPE_KEY, type TokenScopeDecision } from '../../src/common/token-scope.decorator';
import type { TestApp } from './test-app';

export interface RegisteredRoute {
  /** 'METHOD /api/path/:param' */
  route: string;
  /** The @Access level on the handler or its controller; undefined when it declares none. */
  level?: AccessLevel;
  /** Whether it declares an access level. */
  declared: boolean;
  /** The API-token decision on the handler or its controller (a scope, or 'none'); undefined when it makes none. */
  tokenScope?: TokenScopeDecision;
  /** Whether the handler reads `?propertyId=` (`@Query('propertyId', …)`): it acts on a property's data. */
  namesProperty: boolean;
}

/** Whether a handler takes the query's `propertyId` among its arguments. */
function readsPropertyId(type: Type, name: string): boolean {
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, type, name) ?? {}) as Record<string, { data?: unknown }>;
  return Object.entries(args).some(([key, arg]) => key.split(':')[0] === String(RouteParamtypes.QUERY) && arg.data === 'propertyId');
}

/** Every route Nest registered, as 'METHOD /api/path', with its access level. */
export function registeredRoutes(t: TestApp): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  for (const module of t.app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const type = wrapper.metatype as Type;
      const base = Reflect.getMetadata(PATH_METADATA, type) as string;
      for (const name of Object.getOwnPropertyNames(type.prototype)) {
        const handler = type.prototype[name];
        const path = Reflect.getMetadata(PATH_METADATA, handler);
        if (name === 'constructor' || path === undefined) continue;
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as number];
        const full = ['/api', base, path].filter((p) => p && p !== '/').join('/').replace(/\/+/g, '/');
        const level: AccessLevel | undefined = Reflect.getMetadata(ACCESS_KEY, handler) ?? Reflect.getMetadata(ACCESS_KEY, type);
        const tokenScope: TokenScopeDecision | undefined = Reflect.getMetadata(TOKEN_SCOPE_KEY, handler) ?? Reflect.getMetadata(TOKEN_SCOPE_KEY, type);
        routes.push({ route: `${method} ${full}`, level, declared: Boolean(level), tokenScope, namesProperty: readsPropertyId(type, name) });
      }
    }
  }
  return routes;
}
