import { BadRequestException, CallHandler, ExecutionContext, HttpException, Injectable, Logger, NestInterceptor, PayloadTooLargeException } from '@nestjs/common';
import type express from 'express';
import { catchError, from, type Observable, switchMap } from 'rxjs';
import { FileStore } from '../common/adapters/file-store';
import { coded } from '../common/http-exception.filter';
import { errorForLog } from '../common/text/control-characters';
import type { StoredPart } from './attachment-upload';
import { CasesService } from './cases.service';

/** Most attachments on one message. */
export const MAX_FILES = 10;

/**
 * Gives multer's refusals (a file over the size cap, too many files, a file part under another name) the coded
 * Norwegian messages the client shows; errors that already carry a code pass unchanged. Files multer had already
 * streamed into the FileStore when the request failed after it (a message that does not validate) are removed.
 */
@Injectable()
export class AttachmentErrorsInterceptor implements NestInterceptor {
  private readonly logger = new Logger(AttachmentErrorsInterceptor.name);

  constructor(
    private readonly cases: CasesService,
    private readonly files: FileStore,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<express.Request & { files?: StoredPart[] }>();
    return next.handle().pipe(
      catchError((e: unknown) => from(this.removeStored(req)).pipe(switchMap(() => Promise.reject(this.coded(e))))),
    );
  }

  private coded(e: unknown): unknown {
    if (!(e instanceof HttpException) || hasCode(e.getResponse())) return e;
    if (e.getStatus() === 413) {
      const max = Math.round(this.cases.attachmentMaxBytes / 1024 / 1024);
      return new PayloadTooLargeException(coded('case_attachment_too_large', `Filen er for stor (maks ${max} MB)`, { max }));
    }
    if (e.getStatus() === 400) return new BadRequestException(coded('case_attachment_invalid', `Vedleggene kunne ikke leses (høyst ${MAX_FILES} filer, i feltet «file»)`, { max: MAX_FILES }));
    return e;
  }

  /** The service removes what it was handed when it refuses; this covers failures before it ran. Removing twice is harmless. */
  private async removeStored(req: { files?: StoredPart[] }): Promise<void> {
    for (const file of Array.isArray(req.files) ? req.files : []) {
      if (!file.id) continue;
      await this.files.delete(file.id).catch((e: unknown) => this.logger.error(`stored file ${file.id} left behind: ${errorForLog(e)}`));
    }
  }
}

const hasCode = (response: unknown) => typeof response === 'object' && response !== null && 'code' in response;
