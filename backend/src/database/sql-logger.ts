import { Logger as NestLogger } from '@nestjs/common';
import type { Logger as TypeOrmLogger } from 'typeorm';

/**
 * TypeORM's logger for both engines: failed statements and warnings only, and never a statement's parameters.
 * Parameters carry password hashes, feed URLs and tokens; TypeORM's own loggers append them to every failed query.
 * The statement text is safe to print: values are always bound as $n parameters, never written into it.
 */
export class SqlLogger implements TypeOrmLogger {
  constructor(private readonly out: Pick<NestLogger, 'error' | 'warn'> = new NestLogger('SQL')) {}

  logQueryError(error: string | Error, query: string): void {
    this.out.error(`query failed: ${describe(error)} -- ${query}`);
  }

  log(level: 'log' | 'info' | 'warn', message: unknown): void {
    if (level === 'warn') this.out.warn(String(message));
  }

  logQuery(): void {}
  logQuerySlow(): void {}
  logSchemaBuild(): void {}
  logMigration(): void {}
}

/**
 * The SQLSTATE and message. A data exception (class 22, e.g. "invalid input syntax for type integer: "…"") quotes the
 * offending value at the end of its message: that value is a parameter, so it is cut off.
 */
function describe(error: string | Error): string {
  if (typeof error === 'string') return error;
  const code = (error as { code?: unknown }).code;
  const message = typeof code === 'string' && code.startsWith('22') ? error.message.replace(/: ".*"$/s, ': [value withheld]') : error.message;
  return typeof code === 'string' ? `${code} ${message}` : message;
}
