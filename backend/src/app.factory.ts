import { INestApplication, type LoggerService } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule } from '@nestjs/swagger';
import compression from 'compression';
import express from 'express';
import session from 'express-session';
import helmet from 'helmet';
import type { DestinationStream } from 'pino';
import { DataSource } from 'typeorm';
import { buildApiDocument } from './api-docs/api-document';
import pluginMetadata from './metadata';
import { AppModule } from './app.module';
import { loginRateLimits, refuseWhileHashing } from './auth/login-rate-limits';
import { Lifecycle } from './common/lifecycle';
import { DatabaseSessionStore } from './common/sessions/database-session.store';
import { SESSION_COOKIE, SESSION_MAX_AGE_MS, sessionCookieOptions } from './common/sessions/session-cookie';
import type { AdapterOverrides } from './common/adapters/adapters.module';
import { Clock } from './common/adapters/clock';
import { BEARER_TOKEN_LOOKUP, bearerTokens, type BearerTokenLookup, unlessBearer } from './common/bearer-token';
import { QUERY_PARSER, queryStringRules } from './common/query-string.middleware';
import { sameOrigin } from './common/same-origin';
import { sessionHint } from './common/sessions/session-hint';
import { SessionWsAdapter } from './common/sessions/session-ws.adapter';
import { resolveSessionSecret } from './common/secrets';
import { SESSION_USER_LOOKUP, type SessionUserLookup } from './common/session-user';
import { createValidationPipe } from './common/validation.pipe';
import { AppConfig } from './config/app-config';
import { UsersService } from './users/users.service';
import type { DatabaseHandle } from './database/open-database';
import type { HttpDrain } from './common/http-drain';
import { AppLogger, logLevels } from './common/observability/app-logger';
import { APP_LOG, type AppLog } from './common/observability/app-log';
import { METRICS_PATH, metricsEndpoint, observeRequests } from './common/observability/http-observer';
import { Metrics } from './common/observability/metrics.service';
import { inlineScriptHashes } from './static-frontend/inline-scripts';
import { ASSETS_PATH, serveFrontend } from './static-frontend/serve-frontend';

/**
 * The security headers of a hashed asset: those a browser applies to a script, style, font or image (no MIME
 * sniffing, no cross-origin embedding). The document policies (CSP, framing, referrer, opener, HSTS...) act only on
 * pages and workers, which are never served from /assets; on HTTP/1.1 their 600-odd bytes would repeat on each of the
 * 80-odd files of the first screens.
 */
const assetHeaders = helmet({
  contentSecurityPolicy: false,
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  referrerPolicy: false,
  strictTransportSecurity: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
});

/** Where failed attempts are counted (loginRateLimits). */
const LOGIN_PATHS = ['/api/login', '/api/reset-password', '/api/user/reauth'];

/**
 * Builds the whole app (API, sessions, security headers, static frontend) without listening. `adapters` replace the
 * default ones; `drain` (main.ts) sees every request first (after the request log and metrics), for a graceful stop;
 * `logDestination` takes the JSON log instead of stdout (tests).
 */
export async function createApp(
  appConfig: AppConfig,
  handle: DatabaseHandle,
  options: { logger?: false | LoggerService; adapters?: AdapterOverrides; drain?: HttpDrain; logDestination?: DestinationStream } = {},
): Promise<INestApplication> {
  const config: AppConfig = { ...appConfig, sessionSecret: resolveSessionSecret(appConfig) };
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, handle, options.adapters, options.logDestination), {
    logger: options.logger ?? new AppLogger(logLevels(config.logLevel)),
    bodyParser: false,
  });
  // Express decides from it how far to believe X-Forwarded-For (req.ip) and X-Forwarded-Proto (secure cookies).
  app.set('trust proxy', config.trustProxy);
  app.set('query parser', QUERY_PARSER);
  app.disable('x-powered-by');
  // Request id, JSON log line and HTTP metrics first, so even a refused request (a stop, a bad body) is seen.
  app.use(...observeRequests(app.get(Metrics), app.get<AppLog>(APP_LOG)));
  app.use(METRICS_PATH, metricsEndpoint(app.get(Metrics), config.metricsToken, config.trustProxy !== false));
  if (options.drain) app.use(options.drain.middleware);
  // Express's body-hash ETag costs a hash per answer and saves no database work; feeds set their own validators.
  app.set('etag', false);
  app.setGlobalPrefix('api');
  app.useGlobalPipes(createValidationPipe());

  const documentHeaders = helmet({
    contentSecurityPolicy: {
      // Styles and fonts from this origin only (helmet's default also lets any https: origin in, which the app never
      // needs: it has no web fonts); inline styles stay, as MUI writes its styles into <style> elements.
      directives: {
        upgradeInsecureRequests: config.cookieSecure ? [] : null,
        // The built pages' own inline scripts, by hash (inline-scripts.ts); no other inline script runs.
        'script-src': ["'self'", ...inlineScriptHashes(config.frontendDist)],
        'img-src': ["'self'", 'data:', 'blob:'],
        'style-src': ["'self'", "'unsafe-inline'"],
        'font-src': ["'self'", 'data:'],
      },
    },
    strictTransportSecurity: config.cookieSecure,
  });
  app.use((req: express.Request, res: express.Response, next: express.NextFunction) =>
    (req.path.startsWith(`${ASSETS_PATH}/`) ? assetHeaders : documentHeaders)(req, res, next),
  );
  // API answers hold one person's data (a profile, payouts, messages): no browser or shared cache may keep them
  // (docs/api.md, Sessions). A route with its own caching rule (the iCal feed, attachments) sets its header over this.
  app.use('/api', (_req: express.Request, res: express.Response, next: express.NextFunction) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  // gzip for the app's scripts, API lists and calendar feeds (a reverse proxy may do it too; then it finds the work
  // done). 304s and small answers go out as they are.
  app.use(compression());
  app.use('/api', sameOrigin(config.publicUrl));
  app.use('/api', queryStringRules);
  // Login and reset bodies are small; their own parser comes first, since a body is parsed only once.
  app.use(LOGIN_PATHS, express.json({ limit: '16kb' }));
  app.use('/api', express.json({ limit: '1mb' }));
  const sessions = session({
    name: SESSION_COOKIE,
    store: new DatabaseSessionStore(app.get(DataSource), app.get(Clock), app.get<SessionUserLookup>(SESSION_USER_LOOKUP, { strict: false }), config.sessionIdleDays * 24 * 3600 * 1000),
    secret: config.sessionSecret!,
    resave: false,
    saveUninitialized: false,
    rolling: false,
    cookie: { ...sessionCookieOptions(config.cookieSecure), maxAge: SESSION_MAX_AGE_MS },
  });
  // A call with `Authorization: Bearer` is judged by its API token alone: no session is read or written for it.
  app.use('/api', ...bearerTokens({ lookup: () => app.get<BearerTokenLookup>(BEARER_TOKEN_LOOKUP, { strict: false }), db: app.get(DataSource), clock: app.get(Clock), limitPerHour: config.tokenRateLimit }));
  app.use(unlessBearer(sessionHint(config.cookieSecure)));
  app.use(unlessBearer(sessions));
  // /ws upgrades are checked by the same session middleware and against PUBLIC_URL's origin.
  app.useWebSocketAdapter(new SessionWsAdapter(app, sessions, config.publicUrl));

  const users = app.get(UsersService);
  app.use(LOGIN_PATHS, refuseWhileHashing((who) => users.hashingRefused(who)));
  app.use(LOGIN_PATHS, ...loginRateLimits(config.authRateLimit, app.get(DataSource), app.get(Clock), app.get(Lifecycle).track));

  SwaggerModule.setup('api/docs', app, await buildApiDocument(app, pluginMetadata));

  await serveFrontend(app, config);
  await app.init();
  return app;
}
