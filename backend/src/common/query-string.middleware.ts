import type { NextFunction, Request, Response } from 'express';
import { TOKEN_PREFIX } from './bearer-token';
import { coded } from './http-exception.filter';
import { INHERITED_NAMES } from './outside-names';

/** The longest query string (after `?`, as sent) an API route takes; a react-admin list query stays well below. */
export const MAX_QUERY_LENGTH = 8192;
/** The longest value of one parameter, decoded. */
export const MAX_QUERY_VALUE_LENGTH = 2000;

/**
 * Express parses queries with Node's querystring ('simple'): `a[b]=1` stays the key 'a[b]' instead of becoming an
 * object (qs, the 'extended' parser, builds objects from brackets, prototypes included), and a repeated key becomes
 * an array. The result has no prototype, so `__proto__` there is an ordinary key.
 */
export const QUERY_PARSER = 'simple';

/**
 * Every API query is one value per name: a parameter given twice (an array where each route expects a string), a
 * bracketed name (`a[b]=1`, the 'extended' parser's object syntax), a name every object inherits (`__proto__`,
 * `constructor`, `toString`…) or a value past the caps answers 400 in the error shape before any guard, session read
 * or DTO, on every route; so does an API token in the query (`token_in_query`). The rules are in docs/api.md, "Query strings".
 */
export function queryStringRules(req: Request, res: Response, next: NextFunction): void {
  const at = req.originalUrl.indexOf('?');
  if (at === -1) return next();
  const refuse = (body: ReturnType<typeof coded>) => void res.status(400).json(body);
  if (req.originalUrl.length - at - 1 > MAX_QUERY_LENGTH) {
    return refuse(coded('query_too_long', `Spørringen kan ikke være lengre enn ${MAX_QUERY_LENGTH} tegn`, { max: MAX_QUERY_LENGTH }));
  }
  // querystring decodes a broken escape (`%E0%A4%A`, a lone byte of UTF-8) into U+FFFD instead of failing; the text
  // as sent must decode as UTF-8, or a search would run on characters nobody typed.
  for (const pair of req.originalUrl.slice(at + 1).split('&')) {
    try {
      decodeURIComponent(pair.replace(/\+/g, ' '));
    } catch {
      const name = safeName(pair.split('=')[0]);
      return refuse(coded('query_value_encoding', `Parameteren ${name} er ikke gyldig kodet`, { name }));
    }
  }
  // An API token goes in the Authorization header only: a URL is kept in browser histories, proxy logs and Referer
  // headers. One in the query string (as `access_token`, or any value that is a token) is refused, the call not made.
  for (const [key, value] of Object.entries(req.query as Record<string, unknown>)) {
    if (key === 'access_token' || [value].flat().some((v) => typeof v === 'string' && v.startsWith(TOKEN_PREFIX))) {
      return refuse(coded('token_in_query', 'API-nøkkelen skal stå i Authorization-headeren, ikke i adressen'));
    }
  }
  for (const [key, value] of Object.entries(req.query as Record<string, unknown>)) {
    const name = key.slice(0, 100);
    if (key.includes('[') || key.includes(']') || INHERITED_NAMES.has(key)) {
      return refuse(coded('query_parameter_name', `Ugyldig parameternavn: ${name}`, { name }));
    }
    if (typeof value !== 'string') return refuse(coded('query_parameter_repeated', `Parameteren ${name} kan bare gis én gang`, { name }));
    if (value.length > MAX_QUERY_VALUE_LENGTH) {
      return refuse(coded('query_value_too_long', `Parameteren ${name} kan ikke være lengre enn ${MAX_QUERY_VALUE_LENGTH} tegn`, { name, max: MAX_QUERY_VALUE_LENGTH }));
    }
  }
  next();
}

/** A parameter's name for an error message: decoded where it can be, never longer than 100 characters. */
function safeName(raw: string): string {
  try {
    return decodeURIComponent(raw).slice(0, 100);
  } catch {
    return raw.slice(0, 100);
  }
}
