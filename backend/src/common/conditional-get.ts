import type { NextFunction, Request, Response } from 'express';
import type { IncomingHttpHeaders } from 'node:http';

/** One member of an If-None-Match list: `"opaque"` or `W/"opaque"` (RFC 9110 §8.8.3; commas may sit inside the quotes). */
const ENTITY_TAG = /^\s*(?:W\/)?"([^"]*)"\s*(?:,|$)/;

/** The opaque parts of an If-None-Match list, or 'any' for `*`. A malformed member ends the list: it matches nothing. */
function entityTags(value: string): string[] | 'any' {
  if (value.trim() === '*') return 'any';
  const tags: string[] = [];
  let rest = value;
  for (let m = ENTITY_TAG.exec(rest); m; m = ENTITY_TAG.exec(rest)) {
    tags.push(m[1]);
    rest = rest.slice(m[0].length);
    if (!rest.trim()) break;
  }
  return tags;
}

const opaque = (etag: string) => etag.replace(/^W\//, '');

/**
 * Whether a GET or HEAD may be answered 304, as an origin server decides it (RFC 9110 §13.2.2): If-None-Match, when
 * present, alone decides, by weak comparison (`W/` ignored) against any member of its list, `*` matching any
 * representation; If-Modified-Since counts only without it, and only as a valid date the representation has not
 * changed since. The request's Cache-Control is not read: no-cache tells caches to revalidate, which is exactly what
 * this answers (Node's and browsers' fetch send it on conditional requests). See docs/api.md, 'Conditional requests'.
 */
export function isNotModified(method: string, headers: IncomingHttpHeaders, validators: { etag?: string; lastModified?: Date }): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const noneMatch = headers['if-none-match'];
  if (noneMatch !== undefined) {
    const tags = entityTags(noneMatch);
    if (tags === 'any') return true;
    return validators.etag !== undefined && tags.includes(opaque(validators.etag).slice(1, -1));
  }
  const modifiedSince = headers['if-modified-since'];
  if (modifiedSince === undefined || !validators.lastModified) return false;
  const since = Date.parse(modifiedSince);
  return !Number.isNaN(since) && Math.floor(validators.lastModified.getTime() / 1000) * 1000 <= since;
}

/**
 * For files served by Express (`express.static`, `res.sendFile`): their `send` package evaluates validators with
 * `fresh`, which answers a full 200 to any request carrying Cache-Control: no-cache. On a conditional GET that
 * directive was meant for caches, not for the origin, so it is taken off the request before the file is sent.
 */
export function preconditionsBeforeNoCache(req: Request, _res: Response, next: NextFunction): void {
  const conditional = req.headers['if-none-match'] !== undefined || req.headers['if-modified-since'] !== undefined;
  if ((req.method === 'GET' || req.method === 'HEAD') && conditional) delete req.headers['cache-control'];
  next();
}
