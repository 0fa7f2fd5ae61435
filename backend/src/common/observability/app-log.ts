import pino, { type DestinationStream, type Logger } from 'pino';

/**
 * The JSON log: one line per request and per job (docs/operations.md, Logs). Lines carry ids, routes, statuses and
 * times, never headers, bodies, query strings or SQL parameters; the paths listed in `redact` are a second lock should
 * a later change pass such an object in.
 */
export const APP_LOG = Symbol('APP_LOG');
export type AppLog = Logger;

const REDACT = [
  'req.headers', 'res.headers', 'headers', 'cookie', 'authorization',
  '*.password', '*.newPassword', '*.token', '*.cookie', '*.authorization', '*.parameters', '*.query', '*.body',
];

export function createAppLog(level: string, destination?: DestinationStream): AppLog {
  return pino({ level, base: { pid: process.pid }, redact: { paths: REDACT, censor: '[redacted]' } }, destination ?? pino.destination({ sync: false }));
}
