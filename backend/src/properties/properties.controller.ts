import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Put, Req } from '@nestjs/common';
import type { Request } from 'express';
import { Access, CurrentUser } from '../common/access.decorator';
import { MessageResponse } from '../common/api.dto';
import { ParseIdPipe } from '../common/ids';
import { requestContext } from '../common/request-context';
import type { User } from '../users/user.entity';
import { mapProperty, MemberResponse, MyPropertyResponse, PropertyDetailResponse, PropertyResponse, SharesDto, UpdateMemberDto, UpdatePropertyDto } from './properties.dto';
import { type Member, PropertiesService } from './properties.service';
import { seesMoney } from './property-access.service';
import { NoTokens, TokenScope } from '../common/token-scope.decorator';

const mapMember = ({ member, name, email }: Member): MemberResponse => ({ userId: member.userId, name, email, role: member.role, share: member.share, canSeeMoney: seesMoney(member) });

/** A person's properties and their members (docs/product/properties.md); who may do what is PropertyAccess's rule. */
@Controller('properties')
export class PropertiesController {
  constructor(private readonly properties: PropertiesService) {}

  @Get()
  @TokenScope('calendar:read')
  @Access('user')
  async mine(@CurrentUser() user: User): Promise<MyPropertyResponse[]> {
    return (await this.properties.mine(user)).map(({ property, role, share, canSeeMoney }) => ({ ...mapProperty(property), role, share, canSeeMoney }));
  }

  @Get(':id')
  @TokenScope('calendar:read')
  @Access('user')
  async one(@CurrentUser() user: User, @Param('id', ParseIdPipe) id: number): Promise<PropertyDetailResponse> {
    const { property, role } = await this.properties.get(user, id);
    return { ...mapProperty(property), role };
  }

  /** Name and address: owners and co-owners (and admins). */
  @Patch(':id')
  @NoTokens()
  @Access('user')
  async update(@CurrentUser() user: User, @Param('id', ParseIdPipe) id: number, @Body() dto: UpdatePropertyDto, @Req() req: Request): Promise<PropertyResponse> {
    return mapProperty(await this.properties.update(user, id, dto, requestContext(req)));
  }

  @Get(':id/members')
  @TokenScope('calendar:read')
  @Access('user')
  async members(@CurrentUser() user: User, @Param('id', ParseIdPipe) id: number): Promise<MemberResponse[]> {
    return (await this.properties.members(user, id)).map(mapMember);
  }

  @Patch(':id/members/:userId')
  @NoTokens()
  @Access('user')
  async updateMember(
    @CurrentUser() user: User, @Param('id', ParseIdPipe) id: number, @Param('userId', ParseIdPipe) userId: number, @Body() dto: UpdateMemberDto, @Req() req: Request,
  ): Promise<MemberResponse> {
    return mapMember(await this.properties.updateMember(user, id, userId, dto, requestContext(req)));
  }

  /** The owner removes a member, or a member leaves (their own id). */
  @Delete(':id/members/:userId')
  @NoTokens()
  @Access('user')
  async removeMember(@CurrentUser() user: User, @Param('id', ParseIdPipe) id: number, @Param('userId', ParseIdPipe) userId: number, @Req() req: Request): Promise<MessageResponse> {
    await this.properties.removeMember(user, id, userId, requestContext(req));
    return { message: 'Personen har ikke lenger tilgang til eiendommen' };
  }

  @Put(':id/shares')
  @NoTokens()
  @HttpCode(200)
  @Access('user')
  async setShares(@CurrentUser() user: User, @Param('id', ParseIdPipe) id: number, @Body() dto: SharesDto, @Req() req: Request): Promise<MemberResponse[]> {
    return (await this.properties.setShares(user, id, dto.shares, requestContext(req))).map(mapMember);
  }
}
