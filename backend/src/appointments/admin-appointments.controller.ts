import { Body, Controller, Delete, Get, Param, Post, Put, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Access, CurrentUser } from '../common/access.decorator';
import { ListQueryParams } from '../common/api.dto';
import { ParseIdPipe } from '../common/ids';
import { parseListQuery, setContentRange } from '../common/list-query';
import type { User } from '../users/user.entity';
import { AppointmentHoursService } from './appointment-hours.service';
import { AppointmentHoursResponse, ClosedDateResponse, CreateAppointmentHoursDto, CreateClosedDateDto, UpdateAppointmentHoursDto } from './appointments.dto';
import { mapClosedDate, mapHours } from './appointments.map';
import { TokenScope } from '../common/token-scope.decorator';

/** The weekly hours staff take meetings in (docs/appointments.md): admins write, mini admins read. */
@Controller('admin/appointment-hours')
export class AdminAppointmentHoursController {
  constructor(private readonly hours: AppointmentHoursService) {}

  @Get()
  @TokenScope('admin:read')
  @Access('staff')
  async list(@Query() query: ListQueryParams, @Res({ passthrough: true }) res: Response): Promise<AppointmentHoursResponse[]> {
    const listQuery = parseListQuery(query);
    const { rows, total } = await this.hours.list(listQuery);
    setContentRange(res, 'appointment-hours', listQuery, rows.length, total);
    return rows.map(mapHours);
  }

  @Get(':id')
  @TokenScope('admin:read')
  @Access('staff')
  async get(@Param('id', ParseIdPipe) id: number): Promise<AppointmentHoursResponse> {
    return mapHours(await this.hours.get(id));
  }

  @Post()
  @TokenScope('admin:write')
  @Access('admin')
  async create(@CurrentUser() admin: User, @Body() dto: CreateAppointmentHoursDto): Promise<AppointmentHoursResponse> {
    return mapHours(await this.hours.create(admin, dto));
  }

  @Put(':id')
  @TokenScope('admin:write')
  @Access('admin')
  async update(@CurrentUser() admin: User, @Param('id', ParseIdPipe) id: number, @Body() dto: UpdateAppointmentHoursDto): Promise<AppointmentHoursResponse> {
    return mapHours(await this.hours.update(admin, id, dto));
  }

  /** Appointments already booked in the range stay booked. */
  @Delete(':id')
  @TokenScope('admin:write')
  @Access('admin')
  async remove(@CurrentUser() admin: User, @Param('id', ParseIdPipe) id: number): Promise<AppointmentHoursResponse> {
    return mapHours(await this.hours.remove(admin, id));
  }
}

/** Days without appointments, whatever the weekly hours say (docs/appointments.md): admins write, mini admins read. */
@Controller('admin/appointment-closed-dates')
export class AdminClosedDatesController {
  constructor(private readonly hours: AppointmentHoursService) {}

  @Get()
  @TokenScope('admin:read')
  @Access('staff')
  async list(@Query() query: ListQueryParams, @Res({ passthrough: true }) res: Response): Promise<ClosedDateResponse[]> {
    const listQuery = parseListQuery(query);
    const { rows, total } = await this.hours.closedDates(listQuery);
    setContentRange(res, 'appointment-closed-dates', listQuery, rows.length, total);
    return rows.map(mapClosedDate);
  }

  @Get(':id')
  @TokenScope('admin:read')
  @Access('staff')
  async get(@Param('id', ParseIdPipe) id: number): Promise<ClosedDateResponse> {
    return mapClosedDate(await this.hours.closedDate(id));
  }

  /** 409 appointment_closed_date_exists when the day is closed already. */
  @Post()
  @TokenScope('admin:write')
  @Access('admin')
  async create(@CurrentUser() admin: User, @Body() dto: CreateClosedDateDto): Promise<ClosedDateResponse> {
    return mapClosedDate(await this.hours.addClosedDate(admin, dto));
  }

  @Delete(':id')
  @TokenScope('admin:write')
  @Access('admin')
  async remove(@CurrentUser() admin: User, @Param('id', ParseIdPipe) id: number): Promise<ClosedDateResponse> {
    return mapClosedDate(await this.hours.removeClosedDate(admin, id));
  }
}
