import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { Access, CurrentUser } from '../common/access.decorator';
import { ParseIdPipe } from '../common/ids';
import type { User } from '../users/user.entity';
import { CreatePriceDto, DeletedPriceResponse, mapPrice, PriceResponse, PricesQuery, UpdatePriceDto } from './prices.dto';
import { PricesService } from './prices.service';

/** Price intervals ('Prisintervaller'): owners read their own, admins manage any owner's. */
@Controller('prices')
export class PricesController {
  constructor(private readonly prices: PricesService) {}

  /** The caller's own intervals; staff pass ?userId= to read an owner's. */
  @Get()
  @Access('user')
  async list(@CurrentUser() user: User, @Query() query: PricesQuery): Promise<PriceResponse[]> {
    return (await this.prices.list(user, query.userId)).map(mapPrice);
  }

  @Post()
  @Access('admin')
  async create(@Body() dto: CreatePriceDto): Promise<PriceResponse> {
    return mapPrice(await this.prices.create(dto));
  }

  @Put(':id')
  @Access('admin')
  async update(@Param('id', ParseIdPipe) id: number, @Body() dto: UpdatePriceDto): Promise<PriceResponse> {
    return mapPrice(await this.prices.update(id, dto));
  }

  @Delete(':id')
  @Access('admin')
  async remove(@Param('id', ParseIdPipe) id: number): Promise<DeletedPriceResponse> {
    return { message: 'Prisintervallet er slettet', id: (await this.prices.remove(id)).id };
  }
}
