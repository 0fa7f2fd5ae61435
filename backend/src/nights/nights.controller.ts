import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiQuery } from '@nestjs/swagger';
import { Access, CurrentUser } from '../common/access.decorator';
import { Clock } from '../common/adapters/clock';
import { ParseIdPipe } from '../common/ids';
import { ParseYearPipe } from '../common/time/year';
import { PropertyAccess } from '../properties/property-access.service';
import { dayIn } from '../stays/stays.types';
import type { User } from '../users/user.entity';
import { NightsResponse, StayPreviewQuery, StayPreviewResponse } from './nights.dto';
import { NightsService } from './nights.service';

/** A property's year in nights: its members (and staff) read it; anyone else hears the property does not exist. */
@Controller('properties/:id/nights')
export class NightsController {
  constructor(
    private readonly nights: NightsService,
    private readonly access: PropertyAccess,
    private readonly clock: Clock,
  ) {}

  /** `?year=` 2020–2100; without it, the property's current year. */
  @Get()
  @Access('user')
  @ApiQuery({ name: 'year', required: false, type: Number })
  async year(@CurrentUser() user: User, @Param('id', ParseIdPipe) id: number, @Query('year') rawYear: string | undefined): Promise<NightsResponse> {
    const year = rawYear === undefined ? undefined : new ParseYearPipe().transform(rawYear);
    const { property } = await this.access.resolve(user, id, 'read');
    return this.nights.year(property, year ?? Number(dayIn(property.timezone, this.clock.now()).slice(0, 4)));
  }
}

/** A stay checked before it is sent, by the members who may make one (and staff); anyone else hears the property does not exist. */
@Controller('properties/:id/stay-preview')
export class StayPreviewController {
  constructor(
    private readonly nights: NightsService,
    private readonly access: PropertyAccess,
  ) {}

  @Get()
  @Access('user')
  async preview(@CurrentUser() user: User, @Param('id', ParseIdPipe) id: number, @Query() q: StayPreviewQuery): Promise<StayPreviewResponse> {
    const { property } = await this.access.resolve(user, id, 'write');
    return this.nights.preview(user, property, new Date(q.startTime), q.endTime ? new Date(q.endTime) : null, q.eventId);
  }
}
