import { Body, Controller, Get, HttpCode, Param, Post, Query, Res, StreamableFile, UploadedFiles, UseInterceptors } from '@nestjs/common';
import { FilesInterceptor } from '@nestjs/platform-express';
import { ApiConsumes, ApiOkResponse, ApiProduces } from '@nestjs/swagger';
import type { Response } from 'express';
import { Access, CurrentUser } from '../common/access.decorator';
import { sendStoredFile } from '../common/adapters/file-download';
import { ParseIdPipe } from '../common/ids';
import type { User } from '../users/user.entity';
import { AttachmentErrorsInterceptor, MAX_FILES } from './attachment-errors.interceptor';
import { type StoredPart, UploadGateInterceptor } from './attachment-upload';
import {
  CaseDetailResponse, CaseMessageReadResponse, CaseMessageResponse, CaseResponse, CasesQuery, CaseUnreadCountResponse, CreateCaseDto, CreateCaseMessageDto,
} from './cases.dto';
import { mapCase, mapCaseDetail, mapMessage } from './cases.map';
import { CasesService } from './cases.service';
import { TokenScope } from '../common/token-scope.decorator';

/**
 * the case calls. Any logged-in user may call them; the service decides: an owner reaches only their own
 * cases (others answer 404), staff read every case, admins also write on them; mini admins only read.
 */
@Controller('cases')
export class CasesController {
  constructor(private readonly cases: CasesService) {}

  /** The caller's own cases (?state=open or closed for one list), newest activity first. */
  @Get()
  @TokenScope('cases:read')
  @Access('user')
  async list(@CurrentUser() viewer: User, @Query() query: CasesQuery): Promise<CaseResponse[]> {
    return (await this.cases.listOwn(viewer, query.state)).map(mapCase);
  }

  @Post()
  @TokenScope('cases:write')
  @Access('user')
  async create(@CurrentUser() viewer: User, @Body() dto: CreateCaseDto): Promise<CaseResponse> {
    return mapCase(await this.cases.create(viewer, dto));
  }

  @Get('unread-count')
  @TokenScope('cases:read')
  @Access('user')
  async unreadCount(@CurrentUser() viewer: User): Promise<CaseUnreadCountResponse> {
    return { count: await this.cases.unreadCount(viewer) };
  }

  /** An attachment's bytes: only for the case's owner and staff, never rendered as a page. */
  @Get('attachments/:id')
  @TokenScope('cases:read')
  @Access('user')
  @ApiProduces('application/octet-stream')
  @ApiOkResponse({ description: 'The file, with its stored type and name', schema: { type: 'string', format: 'binary' } })
  async download(@CurrentUser() viewer: User, @Param('id', ParseIdPipe) id: number, @Res({ passthrough: true }) res: Response): Promise<StreamableFile> {
    const { attachment, file } = await this.cases.attachment(viewer, id);
    return sendStoredFile(res, file, attachment.fileName, 'vedlegg');
  }

  @Post('messages/:id/read')
  @TokenScope('cases:write')
  @Access('user')
  @HttpCode(200)
  async markRead(@CurrentUser() viewer: User, @Param('id', ParseIdPipe) id: number): Promise<CaseMessageReadResponse> {
    const message = await this.cases.markRead(viewer, id);
    return { id: message.id, isRead: message.isRead };
  }

  @Get(':id')
  @TokenScope('cases:read')
  @Access('user')
  async get(@CurrentUser() viewer: User, @Param('id', ParseIdPipe) id: number): Promise<CaseDetailResponse> {
    return mapCaseDetail(await this.cases.get(viewer, id));
  }

  /** The messages, oldest first; reading them marks the other side's read. */
  @Get(':id/messages')
  @TokenScope('cases:read')
  @Access('user')
  async messages(@CurrentUser() viewer: User, @Param('id', ParseIdPipe) id: number): Promise<CaseMessageResponse[]> {
    return (await this.cases.listMessages(viewer, id)).map(mapMessage);
  }

  /**
   * A message as JSON, or as multipart/form-data with `message` and one or more `file` parts, streamed into the
   * FileStore after the case, the rate limit and the quota were checked (docs/product/cases.md).
   */
  @Post(':id/messages')
  @TokenScope('cases:write')
  @Access('user')
  @ApiConsumes('application/json', 'multipart/form-data')
  @UseInterceptors(AttachmentErrorsInterceptor, UploadGateInterceptor, FilesInterceptor('file', MAX_FILES))
  async addMessage(
    @CurrentUser() viewer: User,
    @Param('id', ParseIdPipe) id: number,
    @Body() dto: CreateCaseMessageDto,
    @UploadedFiles() files: StoredPart[] | undefined,
  ): Promise<CaseMessageResponse> {
    return mapMessage(await this.cases.addMessage(viewer, id, dto, files ?? []));
  }

  @Post(':id/close')
  @TokenScope('cases:write')
  @Access('user')
  @HttpCode(200)
  async close(@CurrentUser() viewer: User, @Param('id', ParseIdPipe) id: number): Promise<CaseResponse> {
    return mapCase(await this.cases.close(viewer, id));
  }

  @Post(':id/reopen')
  @TokenScope('cases:write')
  @Access('user')
  @HttpCode(200)
  async reopen(@CurrentUser() viewer: User, @Param('id', ParseIdPipe) id: number): Promise<CaseResponse> {
    return mapCase(await this.cases.reopen(viewer, id));
  }
}
