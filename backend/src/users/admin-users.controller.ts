import { BadRequestException, Body, Controller, Delete, ForbiddenException, Get, HttpCode, Inject, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import { ParseIdPipe } from '../common/ids';
import type { Request, Response } from 'express';
import { Access, CurrentUser } from '../common/access.decorator';
import { Clock } from '../common/adapters/clock';
import { MessageResponse } from '../common/api.dto';
import { coded } from '../common/http-exception.filter';
import { ChecksRecentAuth, createsStaff, hasRecentAuth, REAUTH_REQUIRED, RequiresRecentAuth } from '../common/recent-auth.decorator';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { parseListQuery, setContentRange } from '../common/list-query';
import { requestContext } from '../common/request-context';
import {
  AccountNumberChangeResponse, AccountNumberLogResponse, AdminSetPasswordDto, BlockUserDto, CreateUserDto, mapAccountNumberLog, mapUser, RemoveUserQuery, UpdateUserDto, UserListQuery, UserResponse, WorkChoiceFields,
} from './user.dto';
import { User } from './user.entity';
import { maskAccountNumber, UsersService } from './users.service';
import type { WorkChoice } from './work-handover.types';
import { NoTokens, TokenScope } from '../common/token-scope.decorator';

/** The admin's choice for a departing staff member's work (docs/roles.md#removing-a-person): one of the two, or none. */
function workChoice(fields: WorkChoiceFields): WorkChoice | undefined {
  if (fields.handOverTo !== undefined && fields.cancelWork) {
    throw new BadRequestException(coded('work_choice_conflict', 'Velg enten en etterfølger eller å avlyse, ikke begge'));
  }
  if (fields.handOverTo !== undefined) return { handOverTo: fields.handOverTo };
  return fields.cancelWork ? { cancelWork: true } : undefined;
}

/** A user as staff read them: the account number in full only for a full admin's read of one user, which the edit form loads (docs/security.md#bank-account-numbers). */
const maskedUser = (u: User): UserResponse => ({ ...mapUser(u), accountNumber: maskAccountNumber(u.accountNumber) });

type Role = 'owner' | 'mini_admin' | 'admin';
const roleOf = (u: Pick<User, 'isAdmin' | 'isMiniAdmin'>): Role => (u.isAdmin ? 'admin' : u.isMiniAdmin ? 'mini_admin' : 'owner');
/** Compared as the guard compares the customer's own profile: trimmed text, blank as none, case-blind for addresses. */
const same = (a: string | null | undefined, b: string | null | undefined, caseBlind = false) => {
  const norm = (v: string | null | undefined) => (caseBlind ? v?.trim().toLowerCase() : v?.trim()) || null;
  return norm(a) === norm(b);
};

/**
 * Whether an edit changes what would let its maker take the account or its money over: the e-mail (where reset links
 * go), the sign-in name, the payout account number or the role (docs/security.md#re-authentication).
 */
function sensitiveChange(dto: UpdateUserDto, user: User): boolean {
  if (dto.email !== undefined && !same(dto.email, user.email, true)) return true;
  if (dto.username !== undefined && !same(dto.username, user.username, true)) return true;
  if (dto.accountNumber !== undefined && !same(dto.accountNumber, user.accountNumber)) return true;
  const isAdmin = dto.isAdmin ?? user.isAdmin;
  return roleOf({ isAdmin, isMiniAdmin: isAdmin ? false : (dto.isMiniAdmin ?? user.isMiniAdmin) }) !== roleOf(user);
}

/** User management in the back office. Mini admins may read; only admins change anything. */
@Controller('admin/users')
export class AdminUsersController {
  constructor(private readonly users: UsersService, private readonly clock: Clock, @Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** Mini admins and the list read account numbers masked but for their last four digits, as the history does. */
  @Get()
  @TokenScope('admin:read')
  @Access('staff')
  async list(@Query() query: UserListQuery, @Res({ passthrough: true }) res: Response): Promise<UserResponse[]> {
    const listQuery = parseListQuery(query);
    // ?q= is the picker's short form of filter={"q":…}; both search the same way.
    if (query.q !== undefined && query.q.trim() !== '') listQuery.filter = { ...listQuery.filter, q: query.q };
    const { rows, total } = await this.users.list(listQuery);
    setContentRange(res, 'users', listQuery, rows.length, total);
    return rows.map(maskedUser);
  }

  @Get(':id')
  @TokenScope('admin:read')
  @Access('staff')
  async get(@Param('id', ParseIdPipe) id: number, @CurrentUser() viewer: User): Promise<UserResponse> {
    const user = await this.users.get(id);
    return viewer.isAdmin ? mapUser(user) : maskedUser(user);
  }

  /** The raw log, admins only, its numbers masked but for the last four digits as everywhere outside the owner's own pages. */
  @Get(':id/account-number-log')
  @TokenScope('admin:read')
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
  @TokenScope('admin:read')
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

  /** Making a staff account asks for a recent proof, as giving someone a role does; an owner's account does not. */
  @Post()
  @TokenScope('admin:write')
  @Access('admin')
  @RequiresRecentAuth({ onlyWhen: createsStaff })
  async create(@Body() dto: CreateUserDto, @CurrentUser() actor: User, @Req() req: Request): Promise<UserResponse> {
    return mapUser(await this.users.create(dto, actor.id, requestContext(req)));
  }

  @Put(':id')
  @TokenScope('admin:write')
  @Access('admin')
  @ChecksRecentAuth()
  async update(@Param('id', ParseIdPipe) id: number, @Body() dto: UpdateUserDto, @CurrentUser() actor: User, @Req() req: Request): Promise<UserResponse> {
    if (sensitiveChange(dto, await this.users.get(id))) this.requireRecentAuth(req);
    return mapUser(await this.users.update(id, dto, actor, requestContext(req)));
  }

  /** A staff member who holds work is refused with 409 `staff_has_work` unless ?handOverTo= or ?cancelWork=true says what becomes of it. */
  @Delete(':id')
  @TokenScope('admin:write')
  @Access('admin')
  async remove(@Param('id', ParseIdPipe) id: number, @Query() query: RemoveUserQuery, @CurrentUser() actor: User, @Req() req: Request): Promise<UserResponse> {
    return mapUser(await this.users.remove(id, actor, requestContext(req), workChoice(query)));
  }

  /** Another user's password; an admin changes their own in their settings, where the current password is asked for. */
  @Post(':id/change-password')
  @NoTokens()
  @Access('admin')
  @RequiresRecentAuth()
  @HttpCode(200)
  async changePassword(@Param('id', ParseIdPipe) id: number, @Body() dto: AdminSetPasswordDto, @CurrentUser() actor: User, @Req() req: Request): Promise<MessageResponse> {
    if (id === actor.id) throw new ForbiddenException(coded('own_password_in_settings', 'Endre ditt eget passord under Innstillinger'));
    await this.users.get(id);
    await this.users.setPassword(id, dto.newPassword, { actorId: actor.id, via: 'admin', context: requestContext(req) });
    return { message: 'Passordet er endret' };
  }

  /** As delete: work the person holds needs `handOverTo` or `cancelWork` in the body. */
  @Post(':id/block')
  @TokenScope('admin:write')
  @Access('admin')
  @HttpCode(200)
  async block(@Param('id', ParseIdPipe) id: number, @Body() dto: BlockUserDto, @CurrentUser() actor: User, @Req() req: Request): Promise<UserResponse> {
    return mapUser(await this.users.block(id, dto.reason, actor, requestContext(req), workChoice(dto)));
  }

  private requireRecentAuth(req: Request): void {
    if (!hasRecentAuth(req.session, this.clock.now(), this.config.reauthWindowSeconds)) throw new ForbiddenException(REAUTH_REQUIRED());
  }

  @Post(':id/unblock')
  @TokenScope('admin:write')
  @Access('admin')
  @HttpCode(200)
  async unblock(@Param('id', ParseIdPipe) id: number, @CurrentUser() actor: User, @Req() req: Request): Promise<UserResponse> {
    return mapUser(await this.users.unblock(id, actor, requestContext(req)));
  }
}
