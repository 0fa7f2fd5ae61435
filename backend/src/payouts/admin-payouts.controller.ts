import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Access, CurrentUser } from '../common/access.decorator';
import { ParseIdPipe } from '../common/ids';
import { parseListQuery, setContentRange } from '../common/list-query';
import { requestContext } from '../common/request-context';
import type { User } from '../users/user.entity';
import { AdminPayoutResponse, AdminPayoutsQuery, CalculateRentalDaysDto, CreatePayoutDto, DeletedPayoutResponse, mapPayout, PayoutResponse, RentalDaysResponse, StaffYearQuery, UpdatePayoutDto } from './payouts.dto';
import { ParseYearPipe } from '../common/time/year';
import { PayoutsService } from './payouts.service';
import { TokenScope } from '../common/token-scope.decorator';

/** Payouts in the back office: staff read every property's; admins register, change and delete. */
@Controller('admin/payouts')
export class AdminPayoutsController {
  constructor(private readonly payouts: PayoutsService) {}

  /**
   * react-admin's list (sort, range, filter → Content-Range); ?propertyId=, ?userId= (the payouts of the properties that
   * person is a member of) and ?year= filter as the same filter keys do. Each row names its property.
   */
  @Get()
  @TokenScope('admin:read')
  @Access('staff')
  async list(@Query() query: AdminPayoutsQuery, @Res({ passthrough: true }) res: Response): Promise<AdminPayoutResponse[]> {
    const listQuery = parseListQuery(query);
    if (query.userId !== undefined) listQuery.filter = { ...listQuery.filter, userId: query.userId };
    if (query.propertyId !== undefined) listQuery.filter = { ...listQuery.filter, propertyId: query.propertyId };
    if (query.year !== undefined) listQuery.filter = { ...listQuery.filter, year: query.year };
    const { rows, total } = await this.payouts.list(listQuery);
    setContentRange(res, 'payouts', listQuery, rows.length, total);
    return rows.map(({ payout, owner, propertyName }) => ({ ...mapPayout(payout), userName: owner.name, username: owner.username, propertyName }));
  }

  /** The year of the person's first property, or of the property `?propertyId=` names. */
  @Get('user/:userId/year/:year')
  @TokenScope('admin:read')
  @Access('staff')
  async userYear(
    @CurrentUser() staff: User, @Param('userId', ParseIdPipe) userId: number, @Param('year', ParseYearPipe) year: number, @Query() query: StaffYearQuery,
  ): Promise<PayoutResponse[]> {
    const property = await this.payouts.propertyNamed(staff, query.propertyId, userId, 'read');
    return property ? (await this.payouts.forYear(property.id, year)).map(mapPayout) : [];
  }

  /** One payout, for react-admin's edit view. */
  @Get(':id')
  @TokenScope('admin:read')
  @Access('staff')
  async one(@Param('id', ParseIdPipe) id: number): Promise<PayoutResponse> {
    return mapPayout(await this.payouts.get(id));
  }

  @Post()
  @TokenScope('admin:write')
  @Access('admin')
  async create(@CurrentUser() admin: User, @Body() dto: CreatePayoutDto, @Req() req: Request): Promise<PayoutResponse> {
    return mapPayout(await this.payouts.create(admin, dto, requestContext(req)));
  }

  @Post('calculate-rental-days')
  @TokenScope('admin:write')
  @Access('admin')
  @HttpCode(200)
  async rentalDays(@CurrentUser() admin: User, @Body() dto: CalculateRentalDaysDto): Promise<RentalDaysResponse> {
    const property = await this.payouts.propertyNamed(admin, dto.propertyId, dto.userId, 'read');
    const rentalDays = property ? await this.payouts.rentalNights(property.id, dto.year, dto.month) : 0;
    return { rentalDays, message: `${rentalDays} utleiedager i ${String(dto.month).padStart(2, '0')}.${dto.year}` };
  }

  @Patch(':id')
  @TokenScope('admin:write')
  @Access('admin')
  async update(@CurrentUser() admin: User, @Param('id', ParseIdPipe) id: number, @Body() dto: UpdatePayoutDto, @Req() req: Request): Promise<PayoutResponse> {
    return mapPayout(await this.payouts.update(admin, id, dto, requestContext(req)));
  }

  @Delete(':id')
  @TokenScope('admin:write')
  @Access('admin')
  async remove(@CurrentUser() admin: User, @Param('id', ParseIdPipe) id: number, @Req() req: Request): Promise<DeletedPayoutResponse> {
    const payout = await this.payouts.remove(admin, id, requestContext(req));
    return { message: 'Utbetalingen er slettet', id: payout.id };
  }
}
