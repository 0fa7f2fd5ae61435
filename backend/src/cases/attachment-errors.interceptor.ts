import { BadRequestException, CallHandler, ExecutionContext, HttpException, Injectable, NestInterceptor, PayloadTooLargeException } from '@nestjs/common';
import { catchError, type Observable } from 'rxjs';
import { coded } from '../common/http-exception.filter';
import { CasesService } from './cases.service';

/** Most attachments on one message. */
export const MAX_FILES = 10;

/**
 * Gives multer's refusals (a file over the size cap, too many files, a file part under another name) the coded
 * Norwegian messages the client shows; errors that already carry a code pass unchanged.
 */
@Injectable()
export class AttachmentErrorsInterceptor implements NestInterceptor {
  constructor(private readonly cases: CasesService) {}

  intercept(_: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      catchError((e: unknown) => {
        if (!(e instanceof HttpException) || hasCode(e.getResponse())) throw e;
        if (e.getStatus() === 413) {
          const max = Math.round(this.cases.attachmentMaxBytes / 1024 / 1024);
          throw new PayloadTooLargeException(coded('case_attachment_too_large', `Filen er for stor (maks ${max} MB)`, { max }));
        }
        if (e.getStatus() === 400) throw new BadRequestException(coded('case_attachment_invalid', `Vedleggene kunne ikke leses (høyst ${MAX_FILES} filer, i feltet «file»)`, { max: MAX_FILES }));
        throw e;
      }),
    );
  }
}

const hasCode = (response: unknown) => typeof response === 'object' && response !== null && 'code' in response;
