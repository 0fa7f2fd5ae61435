import { Body, Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import { ParseIdPipe } from '../common/ids';
import { Access, CurrentUser } from '../common/access.decorator';
import type { User } from '../users/user.entity';
import { MessageResponse } from '../common/api.dto';
import { CreateNoteDto, mapNote, NoteLookupResponse, NoteResponse, UpdateNoteDto } from './calendar.dto';
import { CalendarService } from './calendar.service';

/** Personal notes on imported events; each user sees only their own. */
@Controller('ical-event-notes')
@Access('user')
export class EventNotesController {
  constructor(private readonly calendar: CalendarService) {}

  /** The caller's note on this event; id and notes are null when there is none. */
  @Get('event/:externalId')
  async forEvent(@CurrentUser() user: User, @Param('externalId') externalId: string): Promise<NoteLookupResponse> {
    const note = await this.calendar.noteFor(user, externalId);
    return note ? mapNote(note) : { id: null, notes: null };
  }

  @Post()
  async create(@CurrentUser() user: User, @Body() dto: CreateNoteDto): Promise<NoteResponse> {
    return mapNote(await this.calendar.saveNote(user, dto.eventExternalId, dto.notes));
  }

  @Put(':id')
  async update(@CurrentUser() user: User, @Param('id', ParseIdPipe) id: number, @Body() dto: UpdateNoteDto): Promise<NoteResponse> {
    return mapNote(await this.calendar.updateNote(user, id, dto.notes));
  }

  @Delete(':id')
  async remove(@CurrentUser() user: User, @Param('id', ParseIdPipe) id: number): Promise<MessageResponse> {
    await this.calendar.deleteNote(user, id);
    return { message: 'Note deleted' };
  }
}
