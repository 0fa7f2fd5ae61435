import { Controller, Get, Param, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiOkResponse, ApiProduces } from '@nestjs/swagger';
import type { Response } from 'express';
import { Clock } from '../common/adapters/clock';
import { Access, CurrentUser } from '../common/access.decorator';
import { PropertyIdPipe, PropertyIdQuery } from '../properties/property-id.dto';
import type { User } from '../users/user.entity';
import { mapPayout, PayoutResponse, StatementQuery } from './payouts.dto';
import { ParseYearPipe } from '../common/time/year';
import { InsightsService } from './insights.service';
import { PayoutsService } from './payouts.service';
import { PayoutLinesService } from './payout-lines.service';
import { PayoutDetailResponse } from './payout-lines.dto';
import { sendStoredFile } from '../common/adapters/file-download';
import { ParseIdPipe } from '../common/ids';
import { statementCsv, statementPdf } from './statement';
import { TokenScope } from '../common/token-scope.decorator';

/**
 * A property's payouts ('Mine Utbetalinger', `?propertyId=` or the caller's first property) and the year statement to
 * keep: its members who see money read them (a viewer without canSeeMoney: 403 property_money_hidden); staff as the
 * property access rule allows.
 */
@Controller('user/payouts')
@Access('user')
export class PayoutsController {
  constructor(
    private readonly payouts: PayoutsService,
    private readonly insights: InsightsService,
    private readonly lines: PayoutLinesService,
    private readonly clock: Clock,
  ) {}

  @Get('year/:year')
  @TokenScope('payouts:read')
  @PropertyIdQuery()
  async year(@CurrentUser() user: User, @Param('year', ParseYearPipe) year: number, @Query('propertyId', PropertyIdPipe) propertyId: number | undefined): Promise<PayoutResponse[]> {
    const property = await this.payouts.moneyOf(user, propertyId);
    return property ? (await this.payouts.forYear(property.id, year)).map(mapPayout) : [];
  }

  /** The year statement as CSV (semicolons and decimal commas in Norwegian), in ?lang= (nb by default). */
  @Get('year/:year/statement.csv')
  @TokenScope('payouts:read')
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'The year statement as CSV', schema: { type: 'string' } })
  @PropertyIdQuery()
  async csv(
    @CurrentUser() user: User, @Param('year', ParseYearPipe) year: number, @Query() q: StatementQuery, @Query('propertyId', PropertyIdPipe) propertyId: number | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<string> {
    const lang = q.lang ?? 'nb';
    const data = await this.insights.statement(user, await this.payouts.moneyOf(user, propertyId), year, this.today());
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${fileName(lang, year)}.csv"`);
    return statementCsv(data, lang);
  }

  /** The year statement as a PDF, in ?lang= (nb by default). */
  @Get('year/:year/statement.pdf')
  @TokenScope('payouts:read')
  @ApiProduces('application/pdf')
  @ApiOkResponse({ description: 'The year statement as a PDF', schema: { type: 'string', format: 'binary' } })
  @PropertyIdQuery()
  async pdf(
    @CurrentUser() user: User, @Param('year', ParseYearPipe) year: number, @Query() q: StatementQuery, @Query('propertyId', PropertyIdPipe) propertyId: number | undefined,
  ): Promise<StreamableFile> {
    const lang = q.lang ?? 'nb';
    const data = await this.insights.statement(user, await this.payouts.moneyOf(user, propertyId), year, this.today());
    const pdf = await statementPdf(data, lang, this.clock.now());
    return new StreamableFile(pdf, { type: 'application/pdf', disposition: `attachment; filename="${fileName(lang, year)}.pdf"`, length: pdf.length });
  }

  /**
   * One payout explained (docs/product/payouts-and-prices.md#the-payout-explained): its lines and its month's stays
   * from the bookings store, nights counted in the property's time zone.
   */
  @Get(':id')
  @TokenScope('payouts:read')
  async detail(@CurrentUser() user: User, @Param('id', ParseIdPipe) id: number): Promise<PayoutDetailResponse> {
    return this.lines.detail(user, id);
  }

  /** A line's receipt, for the property's members who see money; sent as case attachments are. */
  @Get(':id/lines/:lineId/receipt')
  @TokenScope('payouts:read')
  @ApiProduces('application/octet-stream')
  @ApiOkResponse({ description: 'The receipt, with its stored type and name', schema: { type: 'string', format: 'binary' } })
  async receipt(
    @CurrentUser() user: User, @Param('id', ParseIdPipe) id: number, @Param('lineId', ParseIdPipe) lineId: number, @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    const { line, file } = await this.lines.receiptFor(user, id, lineId);
    return sendStoredFile(res, file, line.receiptName ?? 'kvittering', 'kvittering');
  }

  private today(): string {
    return this.clock.now().toISOString().slice(0, 10);
  }
}

const fileName = (lang: 'nb' | 'en', year: number) => (lang === 'nb' ? `arsoppgave-utbetalinger-${year}` : `payout-statement-${year}`);
