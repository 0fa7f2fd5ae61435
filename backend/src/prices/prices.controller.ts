import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { Access, CurrentUser } from '../common/access.decorator';
import { ParseIdPipe } from '../common/ids';
import { PropertyIdPipe, PropertyIdQuery } from '../properties/property-id.dto';
import type { User } from '../users/user.entity';
import { CreatePriceDto, DeletedPriceResponse, mapPrice, PriceResponse, PricesQuery, UpdatePriceDto } from './prices.dto';
import { PricesService } from './prices.service';
import { TokenScope } from '../common/token-scope.decorator';

/**
 * Price intervals ('Prisintervaller'), each a property's: its members read them (a viewer too: they are what the
 * property rents for, not its money), admins manage any property's (docs/product/payouts-and-prices.md#who-may-do-what).
 */
@Controller('prices')
export class PricesController {
  constructor(private readonly prices: PricesService) {}

  /** The intervals of `?propertyId=` or the caller's first property; staff may pass ?userId= for that person's first property. */
  @Get()
  @TokenScope('payouts:read')
  @Access('user')
  @PropertyIdQuery()
  async list(@CurrentUser() user: User, @Query() query: PricesQuery, @Query('propertyId', PropertyIdPipe) propertyId: number | undefined): Promise<PriceResponse[]> {
    return (await this.prices.list(user, propertyId, query.userId)).map(mapPrice);
  }

  @Post()
  @TokenScope('admin:write')
  @Access('admin')
  async create(@CurrentUser() admin: User, @Body() dto: CreatePriceDto): Promise<PriceResponse> {
    return mapPrice(await this.prices.create(admin, dto));
  }

  @Put(':id')
  @TokenScope('admin:write')
  @Access('admin')
  async update(@Param('id', ParseIdPipe) id: number, @Body() dto: UpdatePriceDto): Promise<PriceResponse> {
    return mapPrice(await this.prices.update(id, dto));
  }

  @Delete(':id')
  @TokenScope('admin:write')
  @Access('admin')
  async remove(@Param('id', ParseIdPipe) id: number): Promise<DeletedPriceResponse> {
    return { message: 'Prisintervallet er slettet', id: (await this.prices.remove(id)).id };
  }
}
