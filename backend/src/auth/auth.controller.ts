import { Body, Controller, ForbiddenException, HttpCode, Inject, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBody, ApiExtraModels, ApiOkResponse, getSchemaPath } from '@nestjs/swagger';
import { Clock } from '../common/adapters/clock';
import { ParseIdPipe } from '../common/ids';
import type { Request, Response } from 'express';
import { Access, CurrentUser } from '../common/access.decorator';
import { MessageResponse } from '../common/api.dto';
import { coded } from '../common/http-exception.filter';
import { createsStaff, RequiresRecentAuth } from '../common/recent-auth.decorator';
import { OpenDuringMaintenance } from '../common/maintenance.decorator';
import { SESSION_COOKIE, sessionCookieOptions } from '../common/sessions/session-cookie';
import { SessionsService } from '../common/sessions/sessions.service';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { CreateUserDto, mapUser, UserResponse } from '../users/user.dto';
import type { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { AuditService } from '../audit/audit.service';
import { requestContext } from '../common/request-context';
import { LoginDto, ResetLinkResponse, ResetPasswordDto } from './auth.dto';
import { PasswordResetService } from './password-reset.service';
import { TwoFactorChallengeResponse, TwoFactorCodeDto } from './two-factor.dto';
import { PasswordLoginGuard, TwoFactorLoginGuard } from './login.guards';
import { type LoginProof, ProvenLogin } from './login-proof';
import { regenerateSession, saveSession } from './session-promises';
import { NoTokens } from '../common/token-scope.decorator';


@Controller()
export class AuthController {
  constructor(
    private readonly users: UsersService,
    private readonly resets: PasswordResetService,
    private readonly sessions: SessionsService,
    private readonly clock: Clock,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * The password step. For an account with two-factor sign-in the answer is `{ twoFactorRequired: true }` and a
   * session that is not signed in yet: only `POST /api/login/2fa` takes it further (docs/security.md).
   */
  @Post('login')
  @NoTokens()
  @Access('public')
  @OpenDuringMaintenance()
  @HttpCode(200)
  @UseGuards(PasswordLoginGuard)
  @ApiBody({ type: LoginDto })
  @ApiExtraModels(UserResponse, TwoFactorChallengeResponse)
  @ApiOkResponse({ schema: { oneOf: [{ $ref: getSchemaPath(UserResponse) }, { $ref: getSchemaPath(TwoFactorChallengeResponse) }] } })
  async login(@ProvenLogin() { user }: LoginProof, @Req() req: Request): Promise<UserResponse | TwoFactorChallengeResponse> {
    // PasswordLoginGuard (passport) proved the password; the session is this handler's.
    // A new session id at login defeats session fixation.
    await regenerateSession(req);
    if (user.twoFactorEnabled) {
      // Not signed in: no userId, so every route but the code step answers 401 (the access guard reads userId only).
      req.session.twoFactorPending = { userId: user.id, username: user.username, at: this.clock.now().getTime() };
      await saveSession(req);
      return { twoFactorRequired: true };
    }
    return this.signIn(req, user, 'password');
  }

  /**
   * The code step of a sign-in with two-factor: a code from the app or a recovery code. Wrong codes count against
   * the same limit as wrong passwords (login-rate-limits.ts, keyed by the account the password step named).
   */
  @Post('login/2fa')
  @NoTokens()
  @Access('public')
  @OpenDuringMaintenance()
  @HttpCode(200)
  @UseGuards(TwoFactorLoginGuard)
  @ApiBody({ type: TwoFactorCodeDto })
  async loginTwoFactor(@ProvenLogin() { user, method }: LoginProof, @Req() req: Request): Promise<UserResponse> {
    // TwoFactorLoginGuard (passport) proved the code against the pending session. The signed-in session gets a new id too.
    await regenerateSession(req);
    return this.signIn(req, user, method);
  }

  private async signIn(req: Request, user: User, method: 'password' | 'totp' | 'recovery'): Promise<UserResponse> {
    const context = requestContext(req);
    req.session.userId = user.id;
    req.session.signedInAt = this.clock.now().getTime();
    req.session.reauthAt = req.session.signedInAt;
    req.session.client = context;
    await saveSession(req);
    await this.users.recordLogin(user);
    await this.audit.record(user.id, user.id, 'login', { method }, undefined, context);
    return mapUser(user);
  }

  @Post('logout')
  @NoTokens()
  @OpenDuringMaintenance()
  @Access('public')
  @HttpCode(200)
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<MessageResponse> {
    const { userId } = req.session;
    const sid = req.sessionID;
    await new Promise<void>((done) => req.session.destroy(() => done()));
    if (userId) await this.sessions.ended(userId, sid);
    // The browser drops the cookie too, so no stale id is sent on.
    res.clearCookie(SESSION_COOKIE, sessionCookieOptions(this.config.cookieSecure));
    return { message: 'Logget ut' };
  }

  /** Accounts are created by administrators only. */
  @Post('register')
  @NoTokens()
  @Access('admin')
  @RequiresRecentAuth({ onlyWhen: createsStaff })
  async register(@Body() dto: CreateUserDto, @CurrentUser() actor: User, @Req() req: Request): Promise<UserResponse> {
    return mapUser(await this.users.create(dto, actor.id, requestContext(req)));
  }

  @Post('admin/users/:id/reset-password')
  @NoTokens()
  @Access('admin')
  @RequiresRecentAuth()
  @HttpCode(200)
  createResetLink(@Param('id', ParseIdPipe) id: number, @CurrentUser() actor: User): Promise<ResetLinkResponse> {
    // An admin's own password changes in their settings, with the current one (docs/security.md#re-authentication).
    if (id === actor.id) throw new ForbiddenException(coded('own_password_in_settings', 'Endre ditt eget passord under Innstillinger'));
    return this.resets.createLink(id);
  }

  @Post('reset-password')
  @NoTokens()
  @Access('public')
  @HttpCode(200)
  async resetPassword(@Body() dto: ResetPasswordDto, @Req() req: Request): Promise<MessageResponse> {
    await this.resets.reset(dto.token, dto.newPassword, requestContext(req));
    return { message: 'Passordet er endret' };
  }
}
