import { Body, Controller, ForbiddenException, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { Access, CurrentUser } from '../common/access.decorator';
import { MessageResponse } from '../common/api.dto';
import { coded } from '../common/http-exception.filter';
import { ParseIdPipe } from '../common/ids';
import { RequiresRecentAuth } from '../common/recent-auth.decorator';
import { requestContext } from '../common/request-context';
import { AllowedBeforeTwoFactor } from '../common/two-factor-setup.decorator';
import type { User } from '../users/user.entity';
import { RecoveryCodesResponse, TwoFactorCodeDto, TwoFactorSetupResponse, TwoFactorStatusResponse } from './two-factor.dto';
import { TwoFactorService } from './two-factor.service';
import { NoTokens } from '../common/token-scope.decorator';

/** The signed-in user's own two-factor sign-in (docs/security.md, Two-factor sign-in). */
@Controller('user/2fa')
@Access('user')
export class TwoFactorController {
  constructor(private readonly twoFactor: TwoFactorService) {}

  @Get()
  @NoTokens()
  @AllowedBeforeTwoFactor()
  status(@CurrentUser() user: User): Promise<TwoFactorStatusResponse> {
    return this.twoFactor.status(user);
  }

  /** A new secret for the authenticator app; not active until `enable` confirms it with a code. */
  @Post('setup')
  @NoTokens()
  @AllowedBeforeTwoFactor()
  @RequiresRecentAuth()
  @HttpCode(200)
  setup(@CurrentUser() user: User): Promise<TwoFactorSetupResponse> {
    return this.twoFactor.setup(user);
  }

  /** Confirms the secret with a code from the app and turns two-factor sign-in on; answers ten recovery codes, once. */
  @Post('enable')
  @NoTokens()
  @AllowedBeforeTwoFactor()
  @RequiresRecentAuth()
  @HttpCode(200)
  async enable(@CurrentUser() user: User, @Body() dto: TwoFactorCodeDto, @Req() req: Request): Promise<RecoveryCodesResponse> {
    return { recoveryCodes: await this.twoFactor.enable(user, dto.code, requestContext(req)) };
  }

  /** Turns it off after a recent re-authentication (the password and a code, through POST /api/user/reauth). */
  @Post('disable')
  @NoTokens()
  @RequiresRecentAuth()
  @HttpCode(200)
  async disable(@CurrentUser() user: User, @Req() req: Request): Promise<MessageResponse> {
    await this.twoFactor.disable(user, requestContext(req));
    return { message: 'Tofaktorinnlogging er slått av' };
  }
}

/** An admin turns off another user's two-factor sign-in, for one who lost both phone and recovery codes. */
@Controller('admin/users')
export class AdminTwoFactorController {
  constructor(private readonly twoFactor: TwoFactorService) {}

  /** Never the admin's own: they turn theirs off in their settings, with their password and a code. */
  @Post(':id/2fa/reset')
  @NoTokens()
  @Access('admin')
  @RequiresRecentAuth()
  @HttpCode(200)
  async reset(@Param('id', ParseIdPipe) id: number, @CurrentUser() admin: User, @Req() req: Request): Promise<MessageResponse> {
    if (id === admin.id) throw new ForbiddenException(coded('own_two_factor_in_settings', 'Slå av din egen tofaktorinnlogging under Innstillinger'));
    await this.twoFactor.reset(admin, id, requestContext(req));
    return { message: 'Tofaktorinnlogging er slått av' };
  }
}
