import { Body, Controller, Delete, Get, Param, Post, Put, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Access, CurrentUser } from '../common/access.decorator';
import { MessageResponse } from '../common/api.dto';
import { ParseIdPipe } from '../common/ids';
import { parseListQuery, setContentRange } from '../common/list-query';
import { PropertyIdPipe, PropertyIdQuery } from '../properties/property-id.dto';
import type { User } from '../users/user.entity';
import {
  AgreementNoteResponse, AgreementResponse, AgreementsQuery, CreateAgreementDto, CreateAgreementNoteDto, CreatedAgreementResponse, UpdateAgreementDto,
} from './agreements.dto';
import { mapAgreement, mapNote } from './agreements.map';
import { AgreementsService } from './agreements.service';
import { TokenScope } from '../common/token-scope.decorator';

/**
 * the agreement calls. Reads and notes are open to any logged-in user, and the service decides: staff see
 * every agreement, a member their property's (`?propertyId=`, else their first: the owner's 'Mine avtaler' uses the
 * same list). Writes are admins'.
 */
@Controller('admin-agreements')
export class AgreementsController {
  constructor(private readonly agreements: AgreementsService) {}

  /** A member's property's agreements (`?propertyId=`, else their first); staff every one, or the named property's. */
  @Get()
  @TokenScope('cases:read')
  @Access('user')
  @PropertyIdQuery()
  async list(
    @CurrentUser() viewer: User, @Query() query: AgreementsQuery, @Query('propertyId', PropertyIdPipe) propertyId: number | undefined, @Res({ passthrough: true }) res: Response,
  ): Promise<AgreementResponse[]> {
    const listQuery = parseListQuery(query);
    if (query.userId !== undefined) listQuery.filter = { ...listQuery.filter, userId: query.userId };
    const { rows, total } = await this.agreements.list(viewer, listQuery, propertyId);
    setContentRange(res, 'admin-agreements', listQuery, rows.length, total);
    return rows.map(mapAgreement);
  }

  /** A meeting about `propertyId` (with `userId`, one of its members; without, its owner), or `userId`'s first property. */
  @Post()
  @TokenScope('admin:write')
  @Access('admin')
  async create(@CurrentUser() admin: User, @Body() dto: CreateAgreementDto): Promise<CreatedAgreementResponse> {
    const { view, notified } = await this.agreements.create(admin, dto);
    return { ...mapAgreement(view), notified };
  }

  @Get(':id')
  @TokenScope('cases:read')
  @Access('user')
  async get(@CurrentUser() viewer: User, @Param('id', ParseIdPipe) id: number): Promise<AgreementResponse> {
    return mapAgreement(await this.agreements.get(viewer, id));
  }

  @Put(':id')
  @TokenScope('admin:write')
  @Access('admin')
  async update(@CurrentUser() admin: User, @Param('id', ParseIdPipe) id: number, @Body() dto: UpdateAgreementDto): Promise<AgreementResponse> {
    return mapAgreement(await this.agreements.update(admin, id, dto));
  }

  @Delete(':id')
  @TokenScope('admin:write')
  @Access('admin')
  async remove(@CurrentUser() admin: User, @Param('id', ParseIdPipe) id: number): Promise<MessageResponse> {
    await this.agreements.remove(admin, id);
    return { message: 'Avtale slettet' };
  }

  @Get(':id/notes')
  @TokenScope('cases:read')
  @Access('user')
  async notes(@CurrentUser() viewer: User, @Param('id', ParseIdPipe) id: number): Promise<AgreementNoteResponse[]> {
    return (await this.agreements.listNotes(viewer, id)).map(mapNote);
  }

  @Post(':id/notes')
  @TokenScope('cases:write')
  @Access('user')
  async addNote(@CurrentUser() viewer: User, @Param('id', ParseIdPipe) id: number, @Body() dto: CreateAgreementNoteDto): Promise<AgreementNoteResponse> {
    return mapNote(await this.agreements.addNote(viewer, id, dto));
  }
}
