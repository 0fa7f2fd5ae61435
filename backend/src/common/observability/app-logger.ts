import { ConsoleLogger, type LogLevel } from '@nestjs/common';

/**
 * Nest's own start-up chatter (a line per module, controller and route: some 180 lines) is detail for the debug
 * level, not for the console a person starts the app in (docs/operations.md, 'Logs').
 */
const FRAMEWORK_CONTEXTS = new Set(['NestFactory', 'InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestApplication', 'WebSocketsController']);

/** Nest's name for each LOG_LEVEL (pino's names, which the JSON request and job log uses as they are). */
const NEST_LEVEL: ReadonlyMap<string, LogLevel> = new Map([
  ['fatal', 'fatal'],
  ['error', 'error'],
  ['warn', 'warn'],
  ['info', 'log'],
  ['debug', 'debug'],
  ['trace', 'verbose'],
]);

/**
 * Nest's levels for a LOG_LEVEL, each with every level above it: 'info' (the default) leaves debug and verbose out,
 * 'silent' writes nothing.
 */
export function logLevels(level: string | undefined): LogLevel[] {
  if (level === 'silent') return [];
  const order: LogLevel[] = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'];
  const at = order.indexOf(NEST_LEVEL.get(level ?? 'info') ?? 'log');
  return order.slice(0, at + 1);
}

/** The app's logger: Nest's console logger with the framework's start-up lines moved to debug. */
export class AppLogger extends ConsoleLogger {
  constructor(levels: LogLevel[]) {
    super({ logLevels: levels });
  }

  override log(message: unknown, ...rest: unknown[]): void {
    const context = rest.at(-1);
    if (typeof context === 'string' && FRAMEWORK_CONTEXTS.has(context)) super.debug(message, ...rest);
    else super.log(message, ...rest);
  }
}
