import { INestApplication, Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule } from '@nestjs/swagger';
import compression from 'compression';
import express from 'express';
import { rateLimit, ipKeyGenerator } from 'express-rate-limit';
import session from 'express-session';
import helmet from 'helmet';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { buildApiDocument } from './api-docs';
import { AppModule } from './app.module';
import { DatabaseSessionStore } from './common/sessions/database-session.store';
import { SESSION_COOKIE, SESSION_MAX_AGE_MS, sessionCookieOptions } from './common/sessions/session-cookie';
import type { AdapterOverrides } from './common/adapters/adapters.module';
import { Clock } from './common/adapters/clock';
import { sameOrigin } from './common/same-origin.middleware';
import { resolveSessionSecret } from './common/secrets';
import { createValidationPipe } from './common/validation.pipe';
import { AppConfig } from './config/app-config';
import type { DatabaseHandle } from './database/open-database';

/** Builds the whole app (API, sessions, security headers, static frontend) without listening. `adapters` replace the default ones. */
export async function createApp(appConfig: AppConfig, handle: DatabaseHandle, options: { logger?: false; adapters?: AdapterOverrides } = {}): Promise<INestApplication> {
  const config: AppConfig = { ...appConfig, sessionSecret: resolveSessionSecret(appConfig) };
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, handle, options.adapters), {
    logger: options.logger ?? ['log', 'warn', 'error'],
    bodyParser: false,
  });
  if (config.trustProxy) app.set('trust proxy', 1);
  app.disable('x-powered-by');
  // Express's body-hash ETag costs a hash per answer and saves no database work; feeds set their own validators.
  app.set('etag', false);
  app.setGlobalPrefix('api');
  app.useGlobalPipes(createValidationPipe());

  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: { upgradeInsecureRequests: config.cookieSecure ? [] : null, 'img-src': ["'self'", 'data:', 'blob:'] },
      },
      strictTransportSecurity: config.cookieSecure,
    }),
  );
  // gzip for the app's scripts, API lists and calendar feeds (a reverse proxy may do it too; then it finds the work
  // done). 304s and small answers go out as they are.
  app.use(compression());
  app.use('/api', sameOrigin(config.publicUrl));
  app.use('/api', express.json({ limit: '1mb' }));
  app.use(
    session({
      name: SESSION_COOKIE,
      store: new DatabaseSessionStore(app.get(DataSource), app.get(Clock)),
      secret: config.sessionSecret!,
      resave: false,
      saveUninitialized: false,
      rolling: false,
      cookie: { ...sessionCookieOptions(config.cookieSecure), maxAge: SESSION_MAX_AGE_MS },
    }),
  );

  app.use(['/api/login', '/api/reset-password'], express.json({ limit: '16kb' }), ...authRateLimits(config.authRateLimit));

  SwaggerModule.setup('api/docs', app, await buildApiDocument(app));

  serveFrontend(app, config);
  await app.init();
  return app;
}

/**
 * Login and password reset count failed attempts (a successful login costs nothing) in two windows of 15 minutes:
 * per client and account, so one attacker cannot lock everybody out of one account, and per client across all
 * accounts and tokens (five times as many), so spraying usernames or guessing reset tokens is limited too.
 */
function authRateLimits(perAccount: number) {
  const common = {
    windowMs: 15 * 60 * 1000,
    standardHeaders: 'draft-8' as const,
    legacyHeaders: false,
    skipSuccessfulRequests: true,
    handler: (_req: express.Request, res: express.Response) => res.status(429).json({ message: 'For mange forsøk. Vent litt og prøv igjen.', code: 'rate_limited' }),
  };
  const client = (req: express.Request) => ipKeyGenerator(req.ip ?? '');
  return [
    rateLimit({ ...common, limit: perAccount * 5, keyGenerator: client, identifier: 'per-client' }),
    rateLimit({
      ...common,
      limit: perAccount,
      keyGenerator: (req) => `${client(req)}|${String(req.body?.username ?? req.body?.token ?? '').toLowerCase()}`,
      identifier: 'per-account',
    }),
  ];
}

/** Serves the built SPA: hashed assets cached for a year, every other non-API path answered with index.html. */
function serveFrontend(app: NestExpressApplication, config: AppConfig) {
  const index = path.join(config.frontendDist, 'index.html');
  if (!existsSync(index)) {
    new Logger('Frontend').warn(`No built frontend at ${config.frontendDist}; run npm run build. The API still works.`);
    return;
  }
  app.use('/assets', express.static(path.join(config.frontendDist, 'assets'), { immutable: true, maxAge: '365d', fallthrough: false }));
  const files = express.static(config.frontendDist, { index: false, maxAge: 0 });
  // API requests never touch the disk.
  app.use((req: express.Request, res: express.Response, next: express.NextFunction) => (req.path.startsWith('/api/') ? next() : files(req, res, next)));
  app.use((req: express.Request, res: express.Response, next: express.NextFunction) => {
    if (req.method !== 'GET' || req.path.startsWith('/api')) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
}
