import { Body, Controller, Delete, Get, Param, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { Access, CurrentUser } from '../common/access.decorator';
import { MessageResponse } from '../common/api.dto';
import { ParseIdPipe } from '../common/ids';
import { requestContext } from '../common/request-context';
import type { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { AcceptedInvitationResponse, AcceptInvitationDto, CreatedInvitationResponse, CreateInvitationDto, InvitationPreviewResponse, InvitationResponse } from './invitations.dto';
import { InvitationsService } from './invitations.service';
import type { PropertyInvitation } from './property-invitation.entity';
import { NoTokens } from '../common/token-scope.decorator';

const mapInvitation = (i: PropertyInvitation): InvitationResponse => ({ id: i.id, email: i.email, role: i.role, canSeeMoney: i.canSeeMoney, expiresAt: i.expiresAt, createdAt: i.createdAt });

/** A property's invitations, the owner's (or an admin's) to make, list and revoke (docs/product/properties.md#invitations). */
@Controller('properties/:id/invitations')
export class PropertyInvitationsController {
  constructor(private readonly invitations: InvitationsService) {}

  @Post()
  @NoTokens()
  @Access('user')
  async create(@CurrentUser() user: User, @Param('id', ParseIdPipe) id: number, @Body() dto: CreateInvitationDto, @Req() req: Request): Promise<CreatedInvitationResponse> {
    const { invitation, link, mailed } = await this.invitations.create(user, id, dto, requestContext(req));
    return { ...mapInvitation(invitation), link, mailed };
  }

  @Get()
  @NoTokens()
  @Access('user')
  async pending(@CurrentUser() user: User, @Param('id', ParseIdPipe) id: number): Promise<InvitationResponse[]> {
    return (await this.invitations.pending(user, id)).map(mapInvitation);
  }

  @Delete(':invitationId')
  @NoTokens()
  @Access('user')
  async revoke(@CurrentUser() user: User, @Param('id', ParseIdPipe) id: number, @Param('invitationId', ParseIdPipe) invitationId: number, @Req() req: Request): Promise<MessageResponse> {
    await this.invitations.revoke(user, id, invitationId, requestContext(req));
    return { message: 'Invitasjonen er trukket tilbake' };
  }
}

/**
 * The invitation link's page: open to anyone holding the link (the token is the secret). Accepting signed in joins
 * that person; signed out it makes the invited address's account.
 */
@Controller('invitations/:token')
export class InvitationLinksController {
  constructor(
    private readonly invitations: InvitationsService,
    private readonly users: UsersService,
  ) {}

  @Get()
  @NoTokens()
  @Access('public')
  async preview(@Param('token') token: string): Promise<InvitationPreviewResponse> {
    const { invitation, property, invitedBy, hasAccount } = await this.invitations.preview(token);
    return { propertyName: property.name, invitedBy, email: invitation.email, role: invitation.role, expiresAt: invitation.expiresAt, hasAccount };
  }

  @Post('accept')
  @NoTokens()
  @Access('public')
  async accept(@Param('token') token: string, @Body() dto: AcceptInvitationDto, @Req() req: Request): Promise<AcceptedInvitationResponse> {
    // A public route: the session, when there is one, names who accepts; a blocked account accepts nothing.
    const userId = req.session?.userId;
    const user = userId ? await this.users.findById(userId) : null;
    return this.invitations.accept(token, user && !user.isBlocked ? user : undefined, dto, requestContext(req));
  }
}
