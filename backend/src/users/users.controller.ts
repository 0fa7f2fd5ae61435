import { Body, Controller, Delete, Get, HttpCode, Put, Req } from '@nestjs/common';
import type { Request } from 'express';
import { Access, CurrentUser } from '../common/access.decorator';
import { MessageResponse } from '../common/api.dto';
import { RequiresRecentAuth } from '../common/recent-auth.decorator';
import { requestContext } from '../common/request-context';
import { AllowedBeforeTwoFactor } from '../common/two-factor-setup.decorator';
import { ChangeOwnPasswordDto, mapUser, UpdateProfileDto, UserResponse } from './user.dto';
import { User } from './user.entity';
import { UsersService } from './users.service';
import { NoTokens } from '../common/token-scope.decorator';

/** The logged-in user's own account. */
@Controller('user')
@Access('user')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get()
  @NoTokens()
  @AllowedBeforeTwoFactor()
  me(@CurrentUser() user: User): UserResponse {
    return mapUser(user);
  }

  /** A new e-mail or account number asks for a recent proof of identity; name and phone do not. */
  @Put('profile')
  @NoTokens()
  @RequiresRecentAuth({ onlyWhenChanging: ['email', 'accountNumber'] })
  async updateProfile(@CurrentUser() user: User, @Body() dto: UpdateProfileDto, @Req() req: Request): Promise<UserResponse> {
    return mapUser(await this.users.updateProfile(user, dto, requestContext(req)));
  }

  /** The proof is a recent re-authentication (POST /api/user/reauth, limited and recorded), never a field of this body. */
  @Put('password')
  @NoTokens()
  @RequiresRecentAuth()
  @HttpCode(200)
  async changePassword(@CurrentUser() user: User, @Body() dto: ChangeOwnPasswordDto, @Req() req: Request): Promise<MessageResponse> {
    await this.users.changeOwnPassword(user, dto.newPassword, req.sessionID, requestContext(req));
    return { message: 'Passordet er endret' };
  }

  /** Deleting one's own account asks for a recent re-authentication too. */
  @Delete('account')
  @NoTokens()
  @RequiresRecentAuth()
  async deleteAccount(@CurrentUser() user: User, @Req() req: Request): Promise<MessageResponse> {
    await this.users.deleteOwnAccount(user, requestContext(req));
    await new Promise<void>((done) => req.session.destroy(() => done()));
    return { message: 'Kontoen er slettet' };
  }
}
