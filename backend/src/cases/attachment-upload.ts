import {
  BadRequestException, CallHandler, ExecutionContext, HttpException, Inject, Injectable, Logger, NestInterceptor, PayloadTooLargeException,
} from '@nestjs/common';
import type express from 'express';
import { catchError, concatMap, from, type Observable, switchMap, throwError } from 'rxjs';
import { DataSource } from 'typeorm';
import { Clock } from '../common/adapters/clock';
import { cleanFileName } from '../common/adapters/file-name';
import { FileStore, RejectedFile, type StoredFileInfo } from '../common/adapters/file-store';
import { FileStoreStorage } from '../common/adapters/file-store-storage';
import { coded } from '../common/http-exception.filter';
import { parseId } from '../common/ids';
import type { SessionUser } from '../common/session-user';
import { errorForLog } from '../common/text/control-characters';
import { userRateLimit } from '../common/user-rate-limit';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { CasesService, quotaExceededError, type UploadReservation } from './cases.service';

/**
 * How uploads to a case reach the FileStore (docs/product/cases.md, "Attachments"): UploadGateInterceptor checks the caller,
 * the case, the rate limit and the quota before a byte of the body is read; multer then hands each file part, as it
 * arrives, to AttachmentStorage, which streams it into the FileStore. Nothing holds a whole file in memory.
 */

/** What the gate leaves on the request for the storage: the bytes reserved for this upload. */
interface UploadBudget {
  remaining: number;
  quotaMb: number;
}
const BUDGET = Symbol('upload budget');
type BudgetedRequest = express.Request & { [BUDGET]?: UploadBudget };

/** Room for a multipart body's own parts (boundaries, headers, the message field) beside its files. */
const MULTIPART_OVERHEAD = 256 * 1024;
const RATE_WINDOW_MS = 60 * 60 * 1000;

export type { StoredPart } from '../common/adapters/file-store-storage';

/** The coded refusal of one file, named as the person will see it. */
export function refusedFile(e: RejectedFile, clientName: string, maxBytes: number): HttpException {
  const name = cleanFileName(clientName) ?? '';
  const max = Math.round(maxBytes / 1024 / 1024);
  if (e.reason === 'too_large') return new PayloadTooLargeException(coded('case_attachment_too_large', `Filen «${name}» er for stor (maks ${max} MB)`, { name, max }));
  if (e.reason === 'empty') return new BadRequestException(coded('case_attachment_empty', `Filen «${name}» er tom`, { name }));
  return new BadRequestException(coded('case_attachment_type', `Filen «${name}» har en filtype som ikke er tillatt (bilder, PDF, Office-dokumenter og tekst)`, { name }));
}

/**
 * Runs before multer reads the body: the case must exist for the caller and take their message (404, 403, 409), the
 * caller must be within the upload rate limit (429), and the bytes of the upload are reserved from today's quota
 * (413), at most two uploads of one person at once (429 case_upload_busy). A refusal closes the connection after its
 * answer, so the rest of a large body is never read. The reservation is given back when the request ends, before
 * its answer goes out.
 */
@Injectable()
export class UploadGateInterceptor implements NestInterceptor {
  private readonly logger = new Logger(UploadGateInterceptor.name);
  private readonly limit: (req: express.Request, res: express.Response) => Promise<void>;

  constructor(
    private readonly cases: CasesService,
    db: DataSource,
    clock: Clock,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.limit = userRateLimit({
      db,
      clock,
      prefix: 'case-uploads:',
      limit: config.cases.uploadRateLimit,
      windowMs: RATE_WINDOW_MS,
      refusal: () => coded('case_upload_rate_limited', 'For mange opplastinger på kort tid. Vent litt og prøv igjen.'),
    });
  }

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const req = context.switchToHttp().getRequest<BudgetedRequest & { user: SessionUser }>();
    if (!req.is('multipart')) return next.handle();
    const res = context.switchToHttp().getResponse<express.Response>();
    let reservation: UploadReservation;
    try {
      await this.cases.checkUploadTarget(req.user, parseId(String(req.params.id)));
      await this.limit(req, res);
      const declared = Number(req.headers['content-length']);
      reservation = await this.cases.reserveUpload(req.user, Number.isFinite(declared) ? declared : undefined, MULTIPART_OVERHEAD);
      req[BUDGET] = { remaining: reservation.bytes, quotaMb: reservation.quotaMb };
    } catch (e) {
      // The body stays unread: leave the connection instead of draining it.
      res.setHeader('Connection', 'close');
      throw e;
    }
    const release = () => this.cases.releaseUpload(reservation.id).catch((e: unknown) => this.logger.error(`upload reservation ${reservation.id} not released: ${errorForLog(e)}`));
    // A request that never reaches the end of the pipeline (the client went away) gives it back too; twice is harmless.
    res.once('close', () => void release());
    return next.handle().pipe(
      concatMap(async (value) => (await release(), value)),
      catchError((e: unknown) => from(release()).pipe(switchMap(() => throwError(() => e)))),
    );
  }
}

/**
 * multer's storage engine for case attachments: the shared FileStoreStorage (each part streamed into the FileStore),
 * within the size cap and what the gate reserved of the day's quota.
 */
export class AttachmentStorage extends FileStoreStorage<BudgetedRequest> {
  constructor(files: FileStore, maxBytes: number) {
    super(files, {
      maxBytes,
      refused: refusedFile,
      nameless: () => new BadRequestException(coded('case_attachment_name', 'Filen må ha et navn (ikke bare punktum eller skråstrek)')),
    });
  }

  protected override capOf(req: BudgetedRequest): number {
    const budget = req[BUDGET];
    if (!budget) throw new Error('an upload reached the storage without passing the upload gate');
    return budget.remaining;
  }

  protected override counted(req: BudgetedRequest, info: StoredFileInfo): void {
    req[BUDGET]!.remaining -= info.byteSize;
  }

  protected override overCap(req: BudgetedRequest): HttpException {
    return quotaExceededError(req[BUDGET]!.quotaMb);
  }
}
