import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { QueryFailedError } from 'typeorm';
import type { ErrorResponse, FieldErrorResponse } from './api.dto';
import { isDatabaseUnavailable } from '../database/database-unavailable';
import { errorForLog } from './text/control-characters';

export type FieldError = FieldErrorResponse;
export type ErrorBody = ErrorResponse;
export type ErrorParams = Record<string, string | number>;

/**
 * The body for an exception that names its message code: `throw new ConflictException(coded('username_taken',
 * 'Brukernavnet er allerede i bruk'))`. The text stays the documented one (docs/api.md#errors); the code and params let a client
 * render it in the user's language (frontend catalogue: `errors.<code>`).
 */
export function coded(code: string, message: string, params?: ErrorParams): { code: string; message: string; params?: ErrorParams } {
  return params ? { code, message, params } : { code, message };
}

/** The code an error gets when its thrower named none. */
const CODE_BY_STATUS: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'too_large',
  429: 'rate_limited',
  503: 'unavailable',
};
export const codeForStatus = (status: number) => CODE_BY_STATUS[status] ?? (status >= 500 ? 'internal' : 'error');

export const DATABASE_UNAVAILABLE = coded('database_unavailable', 'Databasen er utilgjengelig akkurat nå. Prøv igjen om litt.');

/** Every error leaves as { message, code, params?, errors? }; a 500 never carries a stack trace. */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpError');

  catch(exception: unknown, host: ArgumentsHost) {
    const res = host.switchToHttp().getResponse<Response>();
    if (res.headersSent) return;
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      res.status(status).json(toBody(status, exception.getResponse(), exception.message));
      return;
    }
    const status = (exception as { status?: number })?.status;
    if (status === 413 || (exception as { type?: string })?.type === 'entity.too.large') {
      res.status(413).json(coded('too_large', 'Forespørselen er for stor'));
      return;
    }
    if (status === 400 && (exception as { type?: string })?.type === 'entity.parse.failed') {
      res.status(400).json(coded('invalid_json', 'Ugyldig JSON i forespørselen'));
      return;
    }
    if (isDatabaseUnavailable(exception)) {
      // Not the server's fault nor the client's: the database is restarting or unreachable; the client tries again.
      this.logger.warn(`database unavailable: ${(exception as Error)?.message}`);
      res.setHeader('Retry-After', '2');
      res.status(HttpStatus.SERVICE_UNAVAILABLE).json(DATABASE_UNAVAILABLE);
      return;
    }
    const refusal = databaseRefusal(exception);
    if (refusal) {
      res.status(refusal.status).json(refusal.body);
      return;
    }
    this.logger.error(errorForLog(exception));
    res.status(HttpStatus.INTERNAL_SERVER_ERROR).json(coded('internal', 'En feil oppstod'));
  }
}

/**
 * A value the database refused is the client's mistake, not the server's: PostgreSQL's data exceptions (class 22:
 * out-of-range numbers or dates, text it cannot store, malformed literals) and integrity violations (class 23) that
 * a check before the write could not rule out, such as two concurrent creates of the same username.
 */
export const isUniqueViolation = (error: unknown) => error instanceof QueryFailedError && (error as { code?: unknown }).code === '23505';

export function databaseRefusal(exception: unknown): { status: number; body: ErrorBody } | undefined {
  if (!(exception instanceof QueryFailedError)) return undefined;
  const code = String((exception as { code?: unknown }).code ?? '');
  if (code === '23505') return { status: 409, body: coded('conflict', 'Finnes allerede') };
  if (code === '23503') return { status: 409, body: coded('conflict', 'Henger sammen med data som ikke finnes eller fortsatt er i bruk') };
  if (code.startsWith('22') || code.startsWith('23')) return { status: 400, body: coded('invalid_value', 'Ugyldig verdi') };
  return undefined;
}

function toBody(status: number, response: string | object, fallback: string): ErrorBody {
  if (typeof response === 'string') return { message: response, code: codeForStatus(status) };
  const r = response as { message?: unknown; code?: unknown; params?: ErrorParams; errors?: FieldError[] };
  const message = Array.isArray(r.message) ? String(r.message[0]) : typeof r.message === 'string' ? r.message : fallback;
  const body: ErrorBody = { message, code: typeof r.code === 'string' ? r.code : codeForStatus(status) };
  if (r.params) body.params = r.params;
  // Every field error names its rule (docs/api.md#errors); one thrown with the error's own code alone (a coded refusal
  // of one field) takes that code.
  if (r.errors) body.errors = r.errors.map((e) => (typeof e.code === 'string' ? e : { ...e, code: body.code }));
  return body;
}
