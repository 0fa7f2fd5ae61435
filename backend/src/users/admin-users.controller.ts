import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import { ParseIdPipe } from '../common/ids';
import type { Request, Response } from 'express';
import { Access, CurrentUser } from '../common/access.decorator';
import { MessageResponse } from '../common/api.dto';
import { parseListQuery, setContentRange } from '../common/list-query';
import { requestContext } from '../common/request-context';
import {
  AccountNumberChangeResponse, AccountNumberLogResponse, AdminSetPasswordDto, BlockUserDto, CreateUserDto, mapAccountNumberLog, mapUser, UpdateUserDto, UserListQuery, UserResponse,
} from './user.dto';
import { User } from './user.entity';
import { maskAccountNumber, UsersService } from './users.service';

/** User management in the back office. Mini admins may read; only admins change anything. */
@Controller('admin/users')
export class AdminUsersController {
  constructor(private readonly users: UsersService) {}

  @Get()
  @Access('staff')
  async list(@Query() query: UserListQuery, @Res({ passthrough: true }) res: Response): Promise<UserResponse[]> {
    const listQuery = parseListQuery(query);
    // ?q= is the picker's short form of filter={"q":…}; both search the same way.
    if (query.q !== undefined && query.q.trim() !== '') listQuery.filter = { ...listQuery.filter, q: query.q };
    const { rows, total } = await this.users.list(listQuery);
    setContentRange(res, 'users', listQuery, rows.length, total);
    return rows.map(mapUser);
  }

  @Get(':id')
  @Access('staff')
  async get(@Param('id', ParseIdPipe) id: number): Promise<UserResponse> {
    return mapUser(await this.users.get(id));
  }

  /** The raw log, admins only, its numbers masked but for the last four digits as everywhere outside the owner's own pages. */
  @Get(':id/account-number-log')
  @Access('admin')
  async accountNumberLog(@Param('id', ParseIdPipe) id: number): Promise<AccountNumberLogResponse[]> {
    return (await this.users.accountNumberLog(id)).map(mapAccountNumberLog).map((log) => ({
      ...log,
      oldAccountNumber: maskAccountNumber(log.oldAccountNumber),
      newAccountNumber: maskAccountNumber(log.newAccountNumber),
    }));
  }

  /** Who changed the account number and when, newest first; the numbers masked but for their last four digits. */
  @Get(':id/account-number-history')
  @Access('staff')
  async accountNumberHistory(@Param('id', ParseIdPipe) id: number): Promise<AccountNumberChangeResponse[]> {
    return (await this.users.accountNumberHistory(id)).map(({ log, changedByName }) => ({
      id: log.id,
      changedAt: log.createdAt,
      changedById: log.changedById,
      changedByName,
      oldAccountNumber: maskAccountNumber(log.oldAccountNumber),
      newAccountNumber: maskAccountNumber(log.newAccountNumber),
      changeReason: log.changeReason,
    }));
  }

  @Post()
  @Access('admin')
  async create(@Body() dto: CreateUserDto, @CurrentUser() actor: User, @Req() req: Request): Promise<UserResponse> {
    return mapUser(await this.users.create(dto, actor.id, requestContext(req)));
  }

  @Put(':id')
  @Access('admin')
  async update(@Param('id', ParseIdPipe) id: number, @Body() dto: UpdateUserDto, @CurrentUser() actor: User, @Req() req: Request): Promise<UserResponse> {
    return mapUser(await this.users.update(id, dto, actor, requestContext(req)));
  }

  @Delete(':id')
  @Access('admin')
  async remove(@Param('id', ParseIdPipe) id: number, @CurrentUser() actor: User, @Req() req: Request): Promise<UserResponse> {
    return mapUser(await this.users.remove(id, actor, requestContext(req)));
  }

  @Post(':id/change-password')
  @Access('admin')
  @HttpCode(200)
  async changePassword(@Param('id', ParseIdPipe) id: number, @Body() dto: AdminSetPasswordDto, @CurrentUser() actor: User, @Req() req: Request): Promise<MessageResponse> {
    await this.users.get(id);
    await this.users.setPassword(id, dto.newPassword, { actorId: actor.id, via: 'admin', context: requestContext(req) });
    return { message: 'Passordet er endret' };
  }

  @Post(':id/block')
  @Access('admin')
  @HttpCode(200)
  async block(@Param('id', ParseIdPipe) id: number, @Body() dto: BlockUserDto, @CurrentUser() actor: User, @Req() req: Request): Promise<UserResponse> {
    return mapUser(await this.users.block(id, dto.reason, actor, requestContext(req)));
  }

  @Post(':id/unblock')
  @Access('admin')
  @HttpCode(200)
  async unblock(@Param('id', ParseIdPipe) id: number, @CurrentUser() actor: User, @Req() req: Request): Promise<UserResponse> {
    return mapUser(await this.users.unblock(id, actor, requestContext(req)));
  }
}
