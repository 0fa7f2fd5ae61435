import { Logger } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express from 'express';
import expressStaticGzip from 'express-static-gzip';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { preconditionsBeforeNoCache } from '../common/conditional-get';
import { signedIn } from '../common/sessions/session-hint';
import type { AppConfig } from '../config/app-config';
import { keepPreviousAssets } from './previous-assets';

/** The built frontend's hashed files: scripts, styles, fonts and images, never a document or a worker. */
export const ASSETS_PATH = '/assets';

/**
 * Serves the built SPA: hashed assets cached for a year (the current build's, then those of earlier builds still in
 * their grace period: previous-assets.ts), every other non-API path answered with index.html.
 */
export async function serveFrontend(app: NestExpressApplication, config: AppConfig) {
  const index = path.join(config.frontendDist, 'index.html');
  if (!existsSync(index)) {
    new Logger('Frontend').warn(`No built frontend at ${config.frontendDist}; run npm run build. The API still works.`);
    return;
  }
  // Files answer a revalidation by their validators whatever the request's Cache-Control says (docs/api.md).
  app.use((req: express.Request, res: express.Response, next: express.NextFunction) => (req.path.startsWith('/api/') ? next() : preconditionsBeforeNoCache(req, res, next)));
  // A hashed file never changes: the ETag answers a revalidation, and Last-Modified would only repeat it.
  const hashed = { immutable: true, maxAge: '365d', lastModified: false };
  // The build writes a brotli copy beside each script and style sheet (frontend/vite.config.ts): a browser that
  // accepts br gets it, smaller than the gzip the compression middleware makes of the others on the fly.
  const assets = (dir: string, { last }: { last: boolean }) =>
    expressStaticGzip(dir, { enableBrotli: true, orderPreference: ['br'], serveStatic: { ...hashed, fallthrough: !last } });
  const currentAssets = path.join(config.frontendDist, 'assets');
  if (config.assetGraceDays > 0) {
    const previousAssets = path.join(config.dataDir, 'previous-assets');
    await keepPreviousAssets(currentAssets, previousAssets, config.assetGraceDays);
    app.use(ASSETS_PATH, assets(currentAssets, { last: false }), assets(previousAssets, { last: true }));
  } else {
    app.use(ASSETS_PATH, assets(currentAssets, { last: true }));
  }
  const files = express.static(config.frontendDist, { index: false, maxAge: 0 });
  // API requests never touch the disk.
  app.use((req: express.Request, res: express.Response, next: express.NextFunction) => (req.path.startsWith('/api/') ? next() : files(req, res, next)));
  // The login page prerendered at build time (docs/architecture.md#prerendered-login-page), for a visitor without a
  // session: the pages that lead to the login form paint it before any script has run.
  const loginShell = path.join(config.frontendDist, 'auth.html');
  const withLoginShell = existsSync(loginShell) ? LOGIN_SHELL_PATHS : new Set<string>();
  app.use((req: express.Request, res: express.Response, next: express.NextFunction) => {
    // HEAD answers as GET does (monitors and link checkers ask with it); sendFile leaves the body out for HEAD.
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path.startsWith('/api')) return next();
    res.setHeader('Cache-Control', 'no-cache');
    if (!withLoginShell.has(req.path)) return res.sendFile(index);
    res.setHeader('Vary', 'Cookie');
    // A session that ended elsewhere still sends its cookie: only a live one gets the app (docs/security.md#shared-devices).
    res.sendFile(signedIn(req) ? index : loginShell);
  });
}

/** The login page and the home page, which sends a visitor without a session on to it. */
const LOGIN_SHELL_PATHS = new Set(['/auth', '/']);
