import { RequestMethod, type Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import { ACCESS_KEY, AccessLevel } from '../../src/common/access.decorator';
import type { TestApp } from './test-app';

export interface RegisteredRoute {
  /** 'METHOD /api/path/:param' */
  route: string;
  /** The @Access level on the handler or its controller; undefined when it declares none. */
  level?: AccessLevel;
  /** Whether it declares an access level. */
  declared: boolean;
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
        routes.push({ route: `${method} ${full}`, level, declared: Boolean(level) });
      }
    }
  }
  return routes;
}
