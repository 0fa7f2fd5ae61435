import { applyDecorators, Controller, Get, HttpCode, NotFoundException, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ParseIdPipe } from '../common/ids';
import { ApiOkResponse, ApiProduces, ApiQuery } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Access, CurrentUser } from '../common/access.decorator';
import type { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { isNotModified } from '../common/conditional-get';
import { coded } from '../common/http-exception.filter';
import { OpenDuringMaintenance } from '../common/maintenance.decorator';
import { CalendarLinkResponse } from './calendar.dto';
import { SubscriptionService } from './subscription.service';

/** The two routes that answer an iCalendar file rather than JSON. */
const IcalAnswer = () => applyDecorators(ApiProduces('text/calendar'), ApiOkResponse({ description: 'An iCalendar (RFC 5545) file', schema: { type: 'string' } }));

@Controller()
export class SubscriptionController {
  constructor(private readonly subscriptions: SubscriptionService, private readonly users: UsersService) {}

  /** The feed calendar apps subscribe to. Without the right token: 404, revealing nothing. */
  @Get('ical/:userId')
  @Access('public')
  @OpenDuringMaintenance()
  @ApiQuery({ name: 'token', type: String, required: false, description: 'The secret of the personal link' })
  @IcalAnswer()
  async feed(@Param('userId') rawUserId: string, @Query('token') token: string | undefined, @Req() req: Request, @Res() res: Response) {
    const userId = Number(rawUserId.replace(/\.ics$/, ''));
    const version = Number.isInteger(userId) && userId > 0 ? await this.subscriptions.poll(userId, token) : null;
    if (!version) throw new NotFoundException(coded('calendar_not_found', 'Kalenderen finnes ikke'));
    res.setHeader('ETag', version.etag);
    res.setHeader('Last-Modified', version.lastModified.toUTCString());
    res.setHeader('Cache-Control', 'private, max-age=300');
    // Not Express's req.fresh: it answers 200 to Cache-Control: no-cache, which fetch sends with every revalidation.
    if (isNotModified(req.method, req.headers, version)) return void res.status(304).end();
    // Rendered once per ETag and shared by every request for it.
    const body = await this.subscriptions.feedBody(userId, version.etag);
    if (!body) throw new NotFoundException(coded('calendar_not_found', 'Kalenderen finnes ikke')); // deleted between the two reads
    res.type('text/calendar; charset=utf-8');
    res.setHeader('Content-Disposition', 'inline; filename="kalender.ics"');
    res.send(body);
  }

  /** The logged-in user's calendar as a download. */
  @Get('calendar/export-ical')
  @Access('user')
  @IcalAnswer()
  async export(@CurrentUser() user: User, @Res() res: Response) {
    res.type('text/calendar; charset=utf-8');
    res.setHeader('Content-Disposition', 'attachment; filename="kalender.ics"');
    res.setHeader('Cache-Control', 'no-store');
    res.send(await this.subscriptions.render(user));
  }

  @Get('user/calendar-link')
  @Access('user')
  async link(@CurrentUser() user: User): Promise<CalendarLinkResponse> {
    return { url: await this.subscriptions.link(user) };
  }

  @Post('user/calendar-link/renew')
  @Access('user')
  @HttpCode(200)
  async renew(@CurrentUser() user: User): Promise<CalendarLinkResponse> {
    return { url: await this.subscriptions.renew(user.id) };
  }

  /** 'Copy iCal link' in the users table. */
  @Get('admin/users/:id/calendar-link')
  @Access('admin')
  async adminLink(@Param('id', ParseIdPipe) id: number): Promise<CalendarLinkResponse> {
    return { url: await this.subscriptions.link(await this.users.get(id)) };
  }

  @Post('admin/users/:id/calendar-link/renew')
  @Access('admin')
  @HttpCode(200)
  async adminRenew(@Param('id', ParseIdPipe) id: number): Promise<CalendarLinkResponse> {
    await this.users.get(id);
    return { url: await this.subscriptions.renew(id) };
  }
}
