import type { NextFunction, Request, RequestHandler, Response } from 'express';
import ipaddr from 'ipaddr.js';
import { timingSafeEqual } from 'node:crypto';
import pinoHttp from 'pino-http';
import { coded } from '../http-exception.filter';
import type { AppLog } from './app-log';
import type { Metrics } from './metrics.service';
import { requestIdFrom, withRequestId } from './request-context';

export const METRICS_PATH = '/api/metrics';

/**
 * The label and log name of a request: the route pattern Express matched (`/api/events/:id`), never the raw URL, so
 * ids and tokens in paths (the iCal feed's) stay out of the metrics and the log, and the label set stays small.
 */
export function routeOf(req: Request): string {
  const pattern = (req.route as { path?: unknown } | undefined)?.path;
  // Nest's catch-all for unknown API paths ('/api*path') is not a route of the app.
  if (typeof pattern === 'string' && !pattern.includes('*')) return `${req.baseUrl ?? ''}${pattern}`;
  if (req.originalUrl.split('?')[0] === METRICS_PATH) return METRICS_PATH;
  return req.originalUrl.startsWith('/api/') ? '/api/(unmatched)' : '(static)';
}

/** Who made the request, for its log line: the session's user, or a token's owner (never the token). */
const userOf = (req: Request): number | undefined => req.session?.userId ?? req.apiToken?.user.id;

/**
 * First in the app: gives the request its id (a sane incoming `X-Request-Id`, else a new one; answered in the same
 * header and carried into the jobs it sends), writes its JSON log line and counts it in the HTTP metrics once it is
 * answered.
 */
export function observeRequests(metrics: Metrics, log: AppLog): RequestHandler[] {
  const logLine = pinoHttp({
    logger: log,
    genReqId: (req, res) => {
      const id = requestIdFrom(req.headers['x-request-id']);
      res.setHeader('X-Request-Id', id);
      return id;
    },
    wrapSerializers: false,
    quietReqLogger: true,
    customAttributeKeys: { reqId: 'reqId', responseTime: 'ms' },
    // Only what says what happened: no headers, cookies, bodies, query strings or client addresses.
    serializers: {
      req: (req: Request) => ({ method: req.method }),
      res: (res: Response) => ({ status: res.statusCode }),
      err: (err: Error) => ({ type: err?.name, message: String(err?.message ?? '').slice(0, 300) }),
    },
    customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : 'info'),
    // The route and the user are known once the request has been routed, when its line is written.
    customSuccessObject: (req, _res, line) => ({ ...line, route: routeOf(req as Request), userId: userOf(req as Request) }),
    customErrorObject: (req, _res, _err, line) => ({ ...line, route: routeOf(req as Request), userId: userOf(req as Request) }),
    customSuccessMessage: () => 'request',
    customErrorMessage: () => 'request',
  });
  const count = (req: Request, res: Response, next: NextFunction) => {
    const started = performance.now();
    res.once('finish', () => {
      const labels = { method: req.method, route: routeOf(req), status: String(res.statusCode) };
      metrics.httpRequests.inc(labels);
      metrics.httpDuration.observe(labels, (performance.now() - started) / 1000);
    });
    withRequestId(String(req.id), next);
  };
  return [logLine as unknown as RequestHandler, count];
}

/**
 * GET /api/metrics (Prometheus text format). Served to a caller with `Authorization: Bearer <METRICS_TOKEN>`, and
 * without one only to a direct loopback connection while TRUST_PROXY is unset: a proxy on the same machine makes
 * every visitor a loopback connection, and one that strips or never adds forwarding headers cannot be told apart, so
 * a deployment behind any proxy needs the token. Anyone else hears 401 when a token is set, otherwise 404
 * (docs/operations.md, Metrics). Outside the OpenAPI document: it is for the operator's scraper, not for the app's clients.
 */
export function metricsEndpoint(metrics: Metrics, token: string | undefined, behindProxy: boolean): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' || req.path !== '/') return next();
    const access = metricsAccess(req, token, behindProxy);
    if (access === 'hidden') return void res.status(404).json(coded('not_found', 'Fant ikke det du ba om'));
    if (access === 'unauthorized') {
      res.setHeader('WWW-Authenticate', 'Bearer');
      return void res.status(401).json(coded('unauthorized', 'Ikke innlogget'));
    }
    metrics.text().then(
      (text) => res.setHeader('Content-Type', metrics.contentType).send(text),
      (error) => next(error),
    );
  };
}

function metricsAccess(req: Request, token: string | undefined, behindProxy: boolean): 'ok' | 'unauthorized' | 'hidden' {
  const auth = req.headers.authorization;
  if (token && auth) return sameText(auth, `Bearer ${token}`) ? 'ok' : 'unauthorized';
  const proxied = behindProxy || req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined || req.headers['x-real-ip'] !== undefined;
  if (!proxied && isLoopback(req.socket.remoteAddress)) return 'ok';
  return token ? 'unauthorized' : 'hidden';
}

function isLoopback(address: string | undefined): boolean {
  if (!address || !ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'loopback';
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
