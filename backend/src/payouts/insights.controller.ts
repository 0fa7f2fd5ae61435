import { Controller, Get, Query } from '@nestjs/common';
import { ApiQuery } from '@nestjs/swagger';
import { Access, CurrentUser } from '../common/access.decorator';
import { Clock } from '../common/adapters/clock';
import { TokenScope } from '../common/token-scope.decorator';
import { ParseYearPipe } from '../common/time/year';
import { PropertyIdPipe, PropertyIdQuery } from '../properties/property-id.dto';
import { dayIn } from '../stays/stays.types';
import type { User } from '../users/user.entity';
import { InsightsResponse, mapInsights } from './insights.dto';
import { InsightsService } from './insights.service';
import { PayoutsService } from './payouts.service';
import { RENTAL_ZONE } from './rental-nights';

/**
 * The owner's year view (docs/product/insights.md): a property's nights and payouts of a year against the year before,
 * `?propertyId=` or the caller's first property. Guarded as the payouts: its members who see money read it (a viewer
 * without canSeeMoney: 403 property_money_hidden), staff as the property access rule allows, anyone else 404.
 */
@Controller('user/insights')
@Access('user')
export class InsightsController {
  constructor(
    private readonly payouts: PayoutsService,
    private readonly insights: InsightsService,
    private readonly clock: Clock,
  ) {}

  /** `?year=` 2020–2100; without it, the property's current year. */
  @Get()
  @TokenScope('payouts:read')
  @PropertyIdQuery()
  @ApiQuery({ name: 'year', required: false, type: Number })
  async year(@CurrentUser() user: User, @Query('year') rawYear: string | undefined, @Query('propertyId', PropertyIdPipe) propertyId: number | undefined): Promise<InsightsResponse> {
    const asked = rawYear === undefined ? undefined : new ParseYearPipe().transform(rawYear);
    const property = await this.payouts.moneyOf(user, propertyId);
    const year = asked ?? Number(dayIn(property?.timezone ?? RENTAL_ZONE, this.clock.now()).slice(0, 4));
    return mapInsights(property?.id ?? null, await this.insights.year(property, year));
  }
}
