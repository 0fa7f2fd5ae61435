import { applyDecorators, Controller, Get, HttpCode, NotFoundException, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ParseIdPipe, parseId } from '../common/ids';
import { ApiOkResponse, ApiProduces, ApiQuery } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Access, CurrentUser } from '../common/access.decorator';
import type { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { isNotModified } from '../common/conditional-get';
import { coded } from '../common/http-exception.filter';
import { OpenDuringMaintenance } from '../common/maintenance.decorator';
import { PropertyAccess } from '../properties/property-access.service';
import { PropertyIdPipe, PropertyIdQuery } from '../properties/property-id.dto';
import { CalendarLinkResponse } from './calendar.dto';
import { ALL_PROPERTIES, SubscriptionService } from './subscription.service';
import { NoTokens, TokenScope } from '../common/token-scope.decorator';

/** The two routes that answer an iCalendar file rather than JSON. */
const IcalAnswer = () => applyDecorators(ApiProduces('text/calendar'), ApiOkResponse({ description: 'An iCalendar (RFC 5545) file', schema: { type: 'string' } }));

@Controller()
export class SubscriptionController {
  constructor(
    private readonly subscriptions: SubscriptionService,
    private readonly users: UsersService,
    private readonly access: PropertyAccess,
  ) {}

  /** The feed calendar apps subscribe to. Without the right token: 404, revealing nothing. */
  @Get('ical/:userId')
  @NoTokens()
  @Access('public')
  @OpenDuringMaintenance()
  @ApiQuery({ name: 'token', type: String, required: false, description: 'The secret of the personal link' })
  @ApiQuery({ name: 'property', type: Number, required: false, description: 'One property of the person; without it, all of them' })
  @IcalAnswer()
  async feed(
    @Param('userId') rawUserId: string,
    @Query('token') token: string | undefined,
    @Query('property') rawProperty: string | undefined,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    const userId = parseId(rawUserId.replace(/\.ics$/, ''));
    // A property that is no id is as unknown as one the person is no member of: 404, revealing nothing.
    const scope = rawProperty === undefined ? ALL_PROPERTIES : (parseId(rawProperty) ?? null);
    const version = userId !== undefined && scope !== null ? await this.subscriptions.poll(userId, token, scope) : null;
    if (!version) throw new NotFoundException(coded('calendar_not_found', 'Kalenderen finnes ikke'));
    res.setHeader('ETag', version.etag);
    res.setHeader('Last-Modified', version.lastModified.toUTCString());
    res.setHeader('Cache-Control', 'private, max-age=300');
    // Not Express's req.fresh: it answers 200 to Cache-Control: no-cache, which fetch sends with every revalidation.
    if (isNotModified(req.method, req.headers, version)) return void res.status(304).end();
    // Rendered once per ETag and shared by every request for it.
    const body = await this.subscriptions.feedBody(userId!, scope!, version.etag);
    if (!body) throw new NotFoundException(coded('calendar_not_found', 'Kalenderen finnes ikke')); // deleted between the two reads
    res.type('text/calendar; charset=utf-8');
    res.setHeader('Content-Disposition', 'inline; filename="kalender.ics"');
    res.send(body);
  }

  /**
   * The signed-in person's calendar as a download, as their subscription link shows it: all their properties, or the
   * one `?propertyId=` names (by the property access rule: a member's, or any for staff).
   */
  @Get('calendar/export-ical')
  @TokenScope('calendar:read')
  @Access('user')
  @PropertyIdQuery()
  @IcalAnswer()
  async export(@CurrentUser() user: User, @Query('propertyId', PropertyIdPipe) propertyId: number | undefined, @Res() res: Response) {
    const body =
      propertyId === undefined
        ? await this.subscriptions.render(user, ALL_PROPERTIES)
        : await this.subscriptions.renderProperty(user, (await this.access.resolve(user, propertyId, 'read')).property);
    res.type('text/calendar; charset=utf-8');
    res.setHeader('Content-Disposition', 'attachment; filename="kalender.ics"');
    res.setHeader('Cache-Control', 'no-store');
    res.send(body);
  }

  /** The signed-in person's subscription links: all their properties, and each one. */
  @Get('user/calendar-link')
  @NoTokens()
  @Access('user')
  link(@CurrentUser() user: User): Promise<CalendarLinkResponse> {
    return this.subscriptions.links(user);
  }

  /** New links for the signed-in person; the old ones (of all properties and of each) stop working at once. */
  @Post('user/calendar-link/renew')
  @NoTokens()
  @Access('user')
  @HttpCode(200)
  renew(@CurrentUser() user: User): Promise<CalendarLinkResponse> {
    return this.subscriptions.renew(user.id);
  }

  /** 'Copy iCal link' in the users table: the person's links. */
  @Get('admin/users/:id/calendar-link')
  @NoTokens()
  @Access('admin')
  async adminLink(@Param('id', ParseIdPipe) id: number): Promise<CalendarLinkResponse> {
    return this.subscriptions.links(await this.users.get(id));
  }

  @Post('admin/users/:id/calendar-link/renew')
  @NoTokens()
  @Access('admin')
  @HttpCode(200)
  async adminRenew(@Param('id', ParseIdPipe) id: number): Promise<CalendarLinkResponse> {
    await this.users.get(id);
    return this.subscriptions.renew(id);
  }
}
