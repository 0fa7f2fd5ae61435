import {
  BadRequestException, Body, CallHandler, Controller, Delete, ExecutionContext, Get, HttpException, Injectable, NestInterceptor, Param, Patch, PayloadTooLargeException, Post, Req, Res,
  StreamableFile, UploadedFile, UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBody, ApiConsumes, ApiOkResponse, ApiProduces } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { catchError, type Observable, throwError } from 'rxjs';
import { TokenScope } from '../common/token-scope.decorator';
import { Access, CurrentUser } from '../common/access.decorator';
import { sendStoredFile } from '../common/adapters/file-download';
import { MAX_FILE_BYTES } from '../common/adapters/file-store';
import type { StoredPart } from '../common/adapters/file-store-storage';
import { coded } from '../common/http-exception.filter';
import { ParseIdPipe } from '../common/ids';
import { requestContext } from '../common/request-context';
import type { User } from '../users/user.entity';
import type { Payout } from './payout.entity';
import type { PayoutLine } from './payout-line.entity';
import {
  CreatePayoutLineDto, ImportPayoutLinesDto, ImportPayoutLinesResponse, mapLine, PayoutWithLinesResponse, UpdatePayoutLineDto,
} from './payout-lines.dto';
import { PayoutLinesService } from './payout-lines.service';
import { mapPayout } from './payouts.dto';

const withLines = ({ payout, lines }: { payout: Payout; lines: PayoutLine[] }): PayoutWithLinesResponse => ({ payout: mapPayout(payout), lines: lines.map(mapLine) });

/**
 * multer's own refusals of a receipt upload (a second file, a part under another name, a body it cannot read) with the
 * coded texts the back office shows; errors that already carry a code pass unchanged.
 */
@Injectable()
export class ReceiptErrorsInterceptor implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(catchError((e: unknown) => throwError(() => codedReceiptError(e))));
  }
}

function codedReceiptError(e: unknown): unknown {
  if (!(e instanceof HttpException)) return e;
  const body = e.getResponse();
  if (typeof body === 'object' && body !== null && 'code' in body) return e;
  const max = Math.round(MAX_FILE_BYTES / 1024 / 1024);
  if (e.getStatus() === 413) return new PayloadTooLargeException(coded('payout_receipt_too_large', `Kvitteringen er for stor (maks ${max} MB)`, { max }));
  if (e.getStatus() === 400) return new BadRequestException(coded('payout_receipt_invalid', 'Kvitteringen kunne ikke leses (én fil, i feltet «file»)'));
  return e;
}

/**
 * A payout's lines in the back office (docs/product/payouts-and-prices.md#payout-lines): staff read them and their
 * receipts; admins add, change and remove lines, attach receipts and import a month's lines from a CSV.
 */
@Controller('admin/payouts')
export class AdminPayoutLinesController {
  constructor(private readonly lines: PayoutLinesService) {}

  /** A CSV of lines from an accounting system, as text in `csv` (docs/api.md "Payout lines import"): all or nothing. */
  @Post('lines/import')
  @Access('admin')
  @TokenScope('admin:write')
  async import(@CurrentUser() admin: User, @Body() dto: ImportPayoutLinesDto, @Req() req: Request): Promise<ImportPayoutLinesResponse> {
    return this.lines.import(admin, dto.csv, requestContext(req));
  }

  @Get(':id/lines')
  @Access('staff')
  @TokenScope('admin:read')
  async list(@Param('id', ParseIdPipe) id: number): Promise<PayoutWithLinesResponse> {
    return withLines(await this.lines.withLines(id));
  }

  /** Adds a line; the payout's amount becomes the lines' sum in the same transaction. */
  @Post(':id/lines')
  @Access('admin')
  @TokenScope('admin:write')
  async add(@CurrentUser() admin: User, @Param('id', ParseIdPipe) id: number, @Body() dto: CreatePayoutLineDto, @Req() req: Request): Promise<PayoutWithLinesResponse> {
    return withLines(await this.lines.add(admin, id, dto, requestContext(req)));
  }

  @Patch(':id/lines/:lineId')
  @Access('admin')
  @TokenScope('admin:write')
  async update(
    @CurrentUser() admin: User, @Param('id', ParseIdPipe) id: number, @Param('lineId', ParseIdPipe) lineId: number, @Body() dto: UpdatePayoutLineDto, @Req() req: Request,
  ): Promise<PayoutWithLinesResponse> {
    return withLines(await this.lines.update(admin, id, lineId, dto, requestContext(req)));
  }

  /** Removes a line and its receipt; with the last line gone the payout keeps the amount it had. */
  @Delete(':id/lines/:lineId')
  @Access('admin')
  @TokenScope('admin:write')
  async remove(@CurrentUser() admin: User, @Param('id', ParseIdPipe) id: number, @Param('lineId', ParseIdPipe) lineId: number, @Req() req: Request): Promise<PayoutWithLinesResponse> {
    return withLines(await this.lines.remove(admin, id, lineId, requestContext(req)));
  }

  /** The receipt, sent as case attachments are (common/adapters/file-download.ts). */
  @Get(':id/lines/:lineId/receipt')
  @Access('staff')
  @TokenScope('admin:read')
  @ApiProduces('application/octet-stream')
  @ApiOkResponse({ description: 'The receipt, with its stored type and name', schema: { type: 'string', format: 'binary' } })
  async receipt(@Param('id', ParseIdPipe) id: number, @Param('lineId', ParseIdPipe) lineId: number, @Res({ passthrough: true }) res: Response): Promise<StreamableFile> {
    const { line, file } = await this.lines.receipt(id, lineId);
    return sendStoredFile(res, file, line.receiptName ?? 'kvittering', 'kvittering');
  }

  /**
   * A receipt as multipart/form-data, one `file` part: streamed into the FileStore and told from its bytes to be a PDF
   * or an image (else 400 payout_receipt_type); it replaces the one the line had.
   */
  @Post(':id/lines/:lineId/receipt')
  @Access('admin')
  @TokenScope('admin:write')
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] } })
  @UseInterceptors(ReceiptErrorsInterceptor, FileInterceptor('file'))
  async attach(
    @CurrentUser() admin: User, @Param('id', ParseIdPipe) id: number, @Param('lineId', ParseIdPipe) lineId: number, @UploadedFile() file: StoredPart | undefined, @Req() req: Request,
  ): Promise<PayoutWithLinesResponse> {
    return withLines(await this.lines.attachReceipt(admin, id, lineId, file, requestContext(req)));
  }

  @Delete(':id/lines/:lineId/receipt')
  @Access('admin')
  @TokenScope('admin:write')
  async removeReceipt(@CurrentUser() admin: User, @Param('id', ParseIdPipe) id: number, @Param('lineId', ParseIdPipe) lineId: number, @Req() req: Request): Promise<PayoutWithLinesResponse> {
    return withLines(await this.lines.removeReceipt(admin, id, lineId, requestContext(req)));
  }
}
