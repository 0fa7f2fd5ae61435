import type { NextFunction, Request, Response } from 'express';
import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { hasBearer } from './bearer-token';

/** Express's compiled 'trust proxy' setting: whether the hop at `index` (0 = the socket's peer) may be believed. */
export type TrustProxy = (address: string | undefined, index: number) => boolean;

/**
 * The scheme the request was made with, as Express's `req.protocol` answers it: https on a TLS socket, or the
 * first X-Forwarded-Proto when the peer is a trusted proxy. Written out so that a bare upgrade request (no Express
 * request object) is judged the same way as an API call.
 */
export function requestScheme(req: IncomingMessage, trust: TrustProxy): string {
  const own = (req.socket as TLSSocket).encrypted ? 'https' : 'http';
  if (!trust(req.socket.remoteAddress, 0)) return own;
  const forwarded = req.headers['x-forwarded-proto'];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0].trim();
  return first || own;
}

/**
 * The one origin rule for every way into the app (HTTP API writes and the /ws upgrade): an Origin is the app's own
 * when it is PUBLIC_URL's, or the request's own scheme and Host, i.e. the address the app was reached at
 * (http://127.0.0.1:3000 beside PUBLIC_URL's http://localhost:3000). A foreign page's request carries its own
 * Origin, which matches neither. See docs/api.md, 'Same origin'.
 */
export function isOwnOrigin(origin: string, req: IncomingMessage, publicOrigin: string, trust: TrustProxy): boolean {
  if (origin === publicOrigin) return true;
  const host = req.headers.host;
  return host !== undefined && origin === `${requestScheme(req, trust)}://${host}`;
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence: a state-changing request that a browser sends from a foreign page carries that page's Origin
 * (or Sec-Fetch-Site: cross-site) and is refused. Requests without either (API consumers, curl) are let through;
 * they cannot ride on a victim's cookie. Nor are token calls (`Authorization: Bearer`) checked: their cookie is never read.
 */
export function sameOrigin(publicUrl: string) {
  const allowed = new URL(publicUrl).origin;
  return (req: Request, res: Response, next: NextFunction) => {
    // A token call carries no cookie the app reads (bearer-token.ts skips the session), so no page can forge one.
    if (SAFE.has(req.method) || hasBearer(req)) return next();
    const origin = req.get('origin');
    const foreignOrigin = origin === 'null' || (origin !== undefined && !isOwnOrigin(origin, req, allowed, req.app.get('trust proxy fn')));
    if (foreignOrigin || req.get('sec-fetch-site') === 'cross-site') {
      res.status(403).json({ message: 'Forespørsel fra fremmed opprinnelse avvist', code: 'foreign_origin' });
      return;
    }
    next();
  };
}
