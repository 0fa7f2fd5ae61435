import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ParseIdPipe } from '../common/ids';
import { Access, CurrentUser } from '../common/access.decorator';
import { PropertyAccess } from '../properties/property-access.service';
import { PropertyIdPipe, PropertyIdQuery } from '../properties/property-id.dto';
import type { User } from '../users/user.entity';
import { MessageResponse } from '../common/api.dto';
import { CreateNoteDto, mapNote, NoteLookupResponse, NoteResponse, UpdateNoteDto } from './calendar.dto';
import { CalendarService, NO_PROPERTY } from './calendar.service';
import { TokenScope } from '../common/token-scope.decorator';

/** Notes on imported bookings, one per property and booking (`?propertyId=`, or the caller's first property). */
@Controller('ical-event-notes')
@Access('user')
@PropertyIdQuery()
export class EventNotesController {
  constructor(
    private readonly calendar: CalendarService,
    private readonly access: PropertyAccess,
  ) {}

  /** The property's note on this booking; id and notes are null when there is none. */
  @Get('event/:externalId')
  @TokenScope('calendar:read')
  async forEvent(@CurrentUser() user: User, @Param('externalId') externalId: string, @Query('propertyId', PropertyIdPipe) propertyId: number | undefined): Promise<NoteLookupResponse> {
    const note = await this.calendar.noteFor((await this.access.readable(user, propertyId)) ?? NO_PROPERTY, externalId);
    return note ? mapNote(note) : { id: null, notes: null };
  }

  /** The property is the body's `propertyId`, else the query's. */
  @Post()
  @TokenScope('calendar:write')
  async create(@CurrentUser() user: User, @Body() dto: CreateNoteDto, @Query('propertyId', PropertyIdPipe) propertyId: number | undefined): Promise<NoteResponse> {
    const { property } = await this.access.resolve(user, dto.propertyId ?? propertyId, 'write');
    return mapNote(await this.calendar.saveNote(user, property, dto.eventExternalId, dto.notes));
  }

  @Put(':id')
  @TokenScope('calendar:write')
  async update(@CurrentUser() user: User, @Param('id', ParseIdPipe) id: number, @Body() dto: UpdateNoteDto, @Query('propertyId', PropertyIdPipe) propertyId: number | undefined): Promise<NoteResponse> {
    const { property } = await this.access.resolve(user, propertyId, 'write');
    return mapNote(await this.calendar.updateNote(property.id, id, dto.notes));
  }

  @Delete(':id')
  @TokenScope('calendar:write')
  async remove(@CurrentUser() user: User, @Param('id', ParseIdPipe) id: number, @Query('propertyId', PropertyIdPipe) propertyId: number | undefined): Promise<MessageResponse> {
    const { property } = await this.access.resolve(user, propertyId, 'write');
    await this.calendar.deleteNote(property.id, id);
    return { message: 'Note deleted' };
  }
}
