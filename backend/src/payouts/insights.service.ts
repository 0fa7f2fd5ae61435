import { Injectable } from '@nestjs/common';
import { fromMinor, toMinor } from '../common/money';
import { NightsService } from '../nights/nights.service';
import { PropertiesService } from '../properties/properties.service';
import type { Property } from '../properties/property.entity';
import type { User } from '../users/user.entity';
import { PayoutsService } from './payouts.service';
import { figureSections, type StatementData } from './statement';
import { yearFigures, type YearFigures } from './year-figures';

/** A year and the one before it, as the year view shows them. */
export interface YearView {
  current: YearFigures;
  previous: YearFigures;
}

/**
 * The owner's year view (docs/product/insights.md): a property's nights (read through the nights domain: its
 * calendar's owner stays and its guests' bookings, in its time zone) and payouts, as figures per year and month.
 * Part of payouts rather than a domain of its own: the year statement carries the same figures, and a domain beside
 * payouts that read payouts could not also be read by them. Four reads whatever the number of bookings: the events
 * and the bookings of both years, and each year's payouts.
 */
@Injectable()
export class InsightsService {
  constructor(
    private readonly payouts: PayoutsService,
    private readonly nights: NightsService,
    private readonly properties: PropertiesService,
  ) {}

  /** The figures of `year` and of the year before; `property` null (staff holding none): both years empty. */
  async year(property: Pick<Property, 'id' | 'timezone'> | null, year: number): Promise<YearView> {
    if (!property) return { current: yearFigures({ year, owner: [], guests: [], payouts: [] }), previous: yearFigures({ year: year - 1, owner: [], guests: [], payouts: [] }) };
    const [stays, current, previous] = await Promise.all([
      this.nights.staysOf(property, year - 1, year),
      this.payouts.forYear(property.id, year),
      this.payouts.forYear(property.id, year - 1),
    ]);
    return {
      current: yearFigures({ year, owner: stays.owner, guests: stays.guests, payouts: current }),
      previous: yearFigures({ year: year - 1, owner: stays.owner, guests: stays.guests, payouts: previous }),
    };
  }

  /**
   * The year statement with the year's figures and nights per channel after the payouts (docs/product/insights.md#the-year-statement),
   * and, for a reader who holds a share of the property below 100 %, their share of each amount.
   */
  async statement(reader: User, property: Property | null, year: number, madeOn: string): Promise<StatementData> {
    const [data, view, share] = await Promise.all([
      this.payouts.statementData(reader, property, year, madeOn),
      this.year(property, year),
      property ? this.shareOf(reader, property.id) : Promise.resolve(null),
    ]);
    return { ...data, share, sections: [...data.sections, ...figureSections(view.current, view.previous)] };
  }

  /** The reader's share of the property, a percent as numeric text, when they hold one below 100; else null. */
  private async shareOf(reader: User, propertyId: number): Promise<string | null> {
    const mine = (await this.properties.mine(reader)).find((m) => m.property.id === propertyId);
    const share = mine?.share == null ? 0n : toMinor(mine.share);
    return share > 0n && share < 10000n ? fromMinor(share) : null;
  }
}
