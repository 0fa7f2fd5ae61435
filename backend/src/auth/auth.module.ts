import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MailModule } from '../mail/mail.module';
import { SystemModule } from '../system/system.module';
import { UsersModule } from '../users/users.module';
import { AuthController } from './auth.controller';
import { PasswordResetToken } from './password-reset-token.entity';
import { PasswordResetService } from './password-reset.service';
import { SessionsModule } from '../common/sessions/sessions.module';
import { SessionCleanup } from './session-cleanup';
import { AuditModule } from '../audit/audit.module';
import { STAFF_TWO_FACTOR_RULE } from '../common/two-factor-setup.decorator';
import { ReauthController } from './reauth.controller';
import { RecentAuthGuard } from './recent-auth.guard';
import { StaffTwoFactorGuard } from './staff-two-factor.guard';
import { AdminTwoFactorController, TwoFactorController } from './two-factor.controller';
import { RecoveryCode, UserTwoFactor } from './two-factor.entity';
import { TwoFactorService } from './two-factor.service';
import { UserSessionsController } from './user-sessions.controller';
import { PasswordLoginStrategy } from './password-login.strategy';
import { TwoFactorLoginStrategy } from './two-factor-login.strategy';

@Module({
  imports: [TypeOrmModule.forFeature([PasswordResetToken, UserTwoFactor, RecoveryCode]), UsersModule, SessionsModule, MailModule, SystemModule, AuditModule],
  controllers: [AuthController, TwoFactorController, AdminTwoFactorController, UserSessionsController, ReauthController],
  providers: [PasswordLoginStrategy, TwoFactorLoginStrategy, PasswordResetService, SessionCleanup, TwoFactorService, StaffTwoFactorGuard, RecentAuthGuard, { provide: STAFF_TWO_FACTOR_RULE, useExisting: TwoFactorService }],
  exports: [StaffTwoFactorGuard, RecentAuthGuard, STAFF_TWO_FACTOR_RULE],
})
export class AuthModule {}
