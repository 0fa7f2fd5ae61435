import { Body, Controller, Delete, Get, Param, Post, Query, Res, UseInterceptors } from '@nestjs/common';
import type { Response } from 'express';
import { Access, CurrentUser } from '../common/access.decorator';
import { ParseIdPipe } from '../common/ids';
import { parseListQuery, setContentRange } from '../common/list-query';
import type { User } from '../users/user.entity';
import { AppointmentResponse, AppointmentsQuery, CreateAppointmentDto, SlotResponse, SlotsQuery } from './appointments.dto';
import { mapAppointment } from './appointments.map';
import { AppointmentsService } from './appointments.service';
import { BookingRateLimitInterceptor } from './booking-rate-limit';
import { NoTokens } from '../common/token-scope.decorator';

/**
 * Owners book meetings in the free slots staff publish (docs/appointments.md). Any logged-in user reads the slots;
 * owners book; the list and a single appointment are the owner's own, or every one for staff; cancelling is the
 * owner's until two hours before, and admins' any time.
 */
@Controller('appointments')
export class AppointmentsController {
  constructor(private readonly appointments: AppointmentsService) {}

  /** The free slots of the days from `from` to `to` (Europe/Oslo), ordered: 2 hours to 60 days ahead, not on a closed date. */
  @Get('slots')
  @NoTokens()
  @Access('user')
  slots(@Query() query: SlotsQuery): Promise<SlotResponse[]> {
    return this.appointments.slots(query.from, query.to);
  }

  /** The owner's own appointments; staff see every one (?userId= for one owner). react-admin's sort, range and filter page it. */
  @Get()
  @NoTokens()
  @Access('user')
  async list(@CurrentUser() viewer: User, @Query() query: AppointmentsQuery, @Res({ passthrough: true }) res: Response): Promise<AppointmentResponse[]> {
    const listQuery = parseListQuery(query);
    if (query.userId !== undefined) listQuery.filter = { ...listQuery.filter, userId: query.userId };
    const { rows, total } = await this.appointments.list(viewer, listQuery);
    setContentRange(res, 'appointments', listQuery, rows.length, total);
    return rows.map(mapAppointment);
  }

  /**
   * Books a free slot: 400 when `start` is not one, 409 when it was taken meanwhile or the owner holds the most upcoming
   * appointments allowed (appointment_limit), 429 beyond the hourly booking budget. Owners only.
   */
  @Post()
  @NoTokens()
  @Access('user')
  @UseInterceptors(BookingRateLimitInterceptor)
  async book(@CurrentUser() owner: User, @Body() dto: CreateAppointmentDto): Promise<AppointmentResponse> {
    return mapAppointment(await this.appointments.book(owner, dto));
  }

  @Get(':id')
  @NoTokens()
  @Access('user')
  async get(@CurrentUser() viewer: User, @Param('id', ParseIdPipe) id: number): Promise<AppointmentResponse> {
    return mapAppointment(await this.appointments.get(viewer, id));
  }

  /** Cancels: the owner until 2 hours before (409 appointment_cancel_too_late), admins any time, mini admins never (403). */
  @Delete(':id')
  @NoTokens()
  @Access('user')
  async cancel(@CurrentUser() viewer: User, @Param('id', ParseIdPipe) id: number): Promise<AppointmentResponse> {
    return mapAppointment(await this.appointments.cancel(viewer, id));
  }
}
