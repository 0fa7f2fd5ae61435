import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Response } from 'express';

export interface FieldError { field: string; message: string }
export interface ErrorBody { message: string; errors?: FieldError[] }

/** Every error leaves as { message, errors? }; a 500 never carries a stack trace. */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpError');

  catch(exception: unknown, host: ArgumentsHost) {
    const res = host.switchToHttp().getResponse<Response>();
    if (res.headersSent) return;
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      res.status(status).json(toBody(exception.getResponse(), exception.message));
      return;
    }
    const status = (exception as { status?: number })?.status;
    if (status === 413 || (exception as { type?: string })?.type === 'entity.too.large') {
      res.status(413).json({ message: 'Forespørselen er for stor' });
      return;
    }
    if (status === 400 && (exception as { type?: string })?.type === 'entity.parse.failed') {
      res.status(400).json({ message: 'Ugyldig JSON i forespørselen' });
      return;
    }
    this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    res.status(HttpStatus.INTERNAL_SERVER_ERROR).json({ message: 'En feil oppstod' });
  }
}

function toBody(response: string | object, fallback: string): ErrorBody {
  if (typeof response === 'string') return { message: response };
  const r = response as { message?: unknown; errors?: FieldError[] };
  const message = Array.isArray(r.message) ? String(r.message[0]) : typeof r.message === 'string' ? r.message : fallback;
  return r.errors ? { message, errors: r.errors } : { message };
}
