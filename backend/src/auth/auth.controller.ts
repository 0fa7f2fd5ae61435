import { Body, Controller, ForbiddenException, HttpCode, Inject, Param, Post, Req, Res } from '@nestjs/common';
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
import { LoginDto, ResetLinkResponse, ResetPasswordDto } from './auth.dto';
import { PasswordResetService } from './password-reset.service';

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
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('login')
  @Access('public')
  @OpenDuringMaintenance()
  @HttpCode(200)
  async login(@Body() dto: LoginDto, @Req() req: Request): Promise<UserResponse> {
    const user = await this.users.findByUsername(dto.username);
    if (!user) {
      await this.users.dummyVerify(dto.password);
      throw UsersService.unauthorized();
    }
    if (!(await this.users.verifyPassword(user, dto.password))) throw UsersService.unauthorized();
    if (user.isBlocked) throw new ForbiddenException(user.blockReason ? coded('account_blocked_reason', `Kontoen er blokkert: ${user.blockReason}`, { reason: user.blockReason }) : coded('account_blocked', 'Kontoen er blokkert'));
    // Open during maintenance so that admins can sign in; anyone else gets the maintenance answer, and no session.
    await this.system.refuseDuringMaintenance(user);
    // A new session id at login defeats session fixation.
    await regenerate(req);
    req.session.userId = user.id;
    req.session.signedInAt = this.clock.now().getTime();
    await save(req);
    await this.users.recordLogin(user);
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
  async resetPassword(@Body() dto: ResetPasswordDto): Promise<MessageResponse> {
    await this.resets.reset(dto.token, dto.newPassword);
    return { message: 'Passordet er endret' };
  }
}
