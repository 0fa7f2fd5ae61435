import { Body, Controller, ForbiddenException, HttpCode, Inject, Param, Post, Req, Res, UnauthorizedException } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, getSchemaPath } from '@nestjs/swagger';
import { Clock } from '../common/adapters/clock';
import { ParseIdPipe } from '../common/ids';
import type { Request, Response } from 'express';
import { Access, CurrentUser } from '../common/access.decorator';
import { MessageResponse } from '../common/api.dto';
import { coded } from '../common/http-exception.filter';
import { OpenDuringMaintenance } from '../common/maintenance.decorator';
import { SESSION_COOKIE, sessionCookieOptions } from '../common/sessions/session-cookie';
import { SessionsService } from '../common/sessions/sessions.service';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { SystemSettingsService } from '../system/system-settings.service';
import { CreateUserDto, mapUser, UserResponse } from '../users/user.dto';
import type { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { AuditService } from '../audit/audit.service';
import { requestContext } from '../common/request-context';
import { LoginDto, ResetLinkResponse, ResetPasswordDto } from './auth.dto';
import { PasswordResetService } from './password-reset.service';
import { TwoFactorChallengeResponse, TwoFactorCodeDto } from './two-factor.dto';
import { refuseCode, TwoFactorService } from './two-factor.service';

/** How long the code may take after the password was right: then the password is asked for again. */
const TWO_FACTOR_LOGIN_MS = 5 * 60 * 1000;

const regenerate = (req: Request) => new Promise<void>((ok, fail) => req.session.regenerate((e) => (e ? fail(e) : ok())));
const save = (req: Request) => new Promise<void>((ok, fail) => req.session.save((e) => (e ? fail(e) : ok())));

@Controller()
export class AuthController {
  constructor(
    private readonly users: UsersService,
    private readonly resets: PasswordResetService,
    private readonly sessions: SessionsService,
    private readonly system: SystemSettingsService,
    private readonly clock: Clock,
    private readonly twoFactor: TwoFactorService,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * The password step. For an account with two-factor sign-in the answer is `{ twoFactorRequired: true }` and a
   * session that is not signed in yet: only `POST /api/login/2fa` takes it further (docs/security.md).
   */
  @Post('login')
  @Access('public')
  @OpenDuringMaintenance()
  @HttpCode(200)
  @ApiExtraModels(UserResponse, TwoFactorChallengeResponse)
  @ApiOkResponse({ schema: { oneOf: [{ $ref: getSchemaPath(UserResponse) }, { $ref: getSchemaPath(TwoFactorChallengeResponse) }] } })
  async login(@Body() dto: LoginDto, @Req() req: Request): Promise<UserResponse | TwoFactorChallengeResponse> {
    const user = await this.users.findByUsername(dto.username);
    if (!user) {
      await this.users.dummyVerify(dto.password);
      throw UsersService.unauthorized();
    }
    if (!(await this.users.verifyPassword(user, dto.password))) {
      await this.audit.record(null, user.id, 'login.failed', { reason: 'password' }, undefined, requestContext(req));
      throw UsersService.unauthorized();
    }
    this.refuseBlocked(user);
    // Open during maintenance so that admins can sign in; anyone else gets the maintenance answer, and no session.
    await this.system.refuseDuringMaintenance(user);
    // A new session id at login defeats session fixation.
    await regenerate(req);
    if (user.twoFactorEnabled) {
      // Not signed in: no userId, so every route but the code step answers 401 (the access guard reads userId only).
      req.session.twoFactorPending = { userId: user.id, username: user.username, at: this.clock.now().getTime() };
      await save(req);
      return { twoFactorRequired: true };
    }
    return this.signIn(req, user, 'password');
  }

  /**
   * The code step of a sign-in with two-factor: a code from the app or a recovery code. Wrong codes count against
   * the same limit as wrong passwords (login-rate-limits.ts, keyed by the account the password step named).
   */
  @Post('login/2fa')
  @Access('public')
  @OpenDuringMaintenance()
  @HttpCode(200)
  async loginTwoFactor(@Body() dto: TwoFactorCodeDto, @Req() req: Request): Promise<UserResponse> {
    const pending = req.session.twoFactorPending;
    if (!pending) throw new UnauthorizedException(coded('two_factor_login_missing', 'Logg inn med passordet først'));
    if (this.clock.now().getTime() - pending.at > TWO_FACTOR_LOGIN_MS) {
      delete req.session.twoFactorPending;
      await save(req);
      throw new UnauthorizedException(coded('two_factor_login_expired', 'Det tok for lang tid. Logg inn med passordet på nytt.'));
    }
    const user = await this.users.findById(pending.userId);
    if (!user) throw UsersService.unauthorized();
    this.refuseBlocked(user);
    await this.system.refuseDuringMaintenance(user);
    const check = await this.twoFactor.checkCode(user.id, dto.code);
    if (check !== 'totp' && check !== 'recovery') {
      await this.audit.record(null, user.id, 'login.failed', { reason: `code_${check}` }, undefined, requestContext(req));
    }
    refuseCode(check, (body) => new UnauthorizedException(body));
    // The signed-in session gets a new id too.
    await regenerate(req);
    return this.signIn(req, user, check);
  }

  private refuseBlocked(user: User): void {
    if (user.isBlocked) throw new ForbiddenException(user.blockReason ? coded('account_blocked_reason', `Kontoen er blokkert: ${user.blockReason}`, { reason: user.blockReason }) : coded('account_blocked', 'Kontoen er blokkert'));
  }

  private async signIn(req: Request, user: User, method: 'password' | 'totp' | 'recovery'): Promise<UserResponse> {
    const context = requestContext(req);
    req.session.userId = user.id;
    req.session.signedInAt = this.clock.now().getTime();
    req.session.reauthAt = req.session.signedInAt;
    req.session.client = context;
    await save(req);
    await this.users.recordLogin(user);
    await this.audit.record(user.id, user.id, 'login', { method }, undefined, context);
    return mapUser(user);
  }

  @Post('logout')
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
  @Access('admin')
  async register(@Body() dto: CreateUserDto, @CurrentUser() actor: User): Promise<UserResponse> {
    return mapUser(await this.users.create(dto, actor.id));
  }

  @Post('admin/users/:id/reset-password')
  @Access('admin')
  @HttpCode(200)
  createResetLink(@Param('id', ParseIdPipe) id: number): Promise<ResetLinkResponse> {
    return this.resets.createLink(id);
  }

  @Post('reset-password')
  @Access('public')
  @HttpCode(200)
  async resetPassword(@Body() dto: ResetPasswordDto, @Req() req: Request): Promise<MessageResponse> {
    await this.resets.reset(dto.token, dto.newPassword, requestContext(req));
    return { message: 'Passordet er endret' };
  }
}
