import { Controller, Get, Inject, Param, Query } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { ApiQuery } from '@nestjs/swagger';
import { Access, CurrentUser } from '../common/access.decorator';
import { Clock } from '../common/adapters/clock';
import { ParseIdPipe } from '../common/ids';
import { ParseYearPipe } from '../common/time/year';
import { PropertyAccess } from '../properties/property-access.service';
import { dayIn } from '../stays/stays.types';
import type { User } from '../users/user.entity';
import { NightsResponse, PastLimitListedResponse, StayPreviewQuery, StayPreviewResponse } from './nights.dto';
import { NightsService } from './nights.service';
import { TokenScope } from '../common/token-scope.decorator';

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
  @TokenScope('calendar:read')
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
  @TokenScope('calendar:read')
  @Access('user')
  async preview(@CurrentUser() user: User, @Param('id', ParseIdPipe) id: number, @Query() q: StayPreviewQuery): Promise<StayPreviewResponse> {
    const { property } = await this.access.resolve(user, id, 'write');
    return this.nights.preview(user, property, new Date(q.startTime), q.endTime ? new Date(q.endTime) : null, q.eventId);
  }
}

/** Staff's list of the bookings past the rental day limit, of every property that has one (docs/product/stays.md#warnings). */
@Controller('admin/nights/past-limit')
export class AdminPastLimitController {
  constructor(
    private readonly nights: NightsService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** `?year=` 2020–2100; without it, this year in the business's time zone. */
  @Get()
  @TokenScope('admin:read')
  @Access('staff')
  @ApiQuery({ name: 'year', required: false, type: Number })
  list(@Query('year') rawYear: string | undefined): Promise<PastLimitListedResponse[]> {
    const year = rawYear === undefined ? Number(dayIn(this.config.businessTimeZone, this.clock.now()).slice(0, 4)) : new ParseYearPipe().transform(rawYear);
    return this.nights.pastLimitEverywhere(year);
  }
}
