import pino, { type DestinationStream, type Logger } from 'pino';
import pinoPretty from 'pino-pretty';
import type { LogFormat } from '../../config/app-config';

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

/** Where the lines go: `destination` when given (tests), else standard output as JSON or, for a person, readable. */
function output(format: LogFormat, destination?: DestinationStream): DestinationStream {
  if (destination) return destination;
  const pretty = format === 'pretty' || (format === 'auto' && process.stdout.isTTY === true);
  if (!pretty) return pino.destination({ sync: false });
  return pinoPretty({ colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: true });
}

export function createAppLog(level: string, format: LogFormat = 'json', destination?: DestinationStream): AppLog {
  return pino({ level, base: { pid: process.pid }, redact: { paths: REDACT, censor: '[redacted]' } }, output(format, destination));
}
