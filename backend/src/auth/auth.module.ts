import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MailModule } from '../mail/mail.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { SystemModule } from '../system/system.module';
import { UsersModule } from '../users/users.module';
import { AuthController } from './auth.controller';
import { PasswordResetToken } from './password-reset-token.entity';
import { PasswordResetService } from './password-reset.service';
import { SessionsModule } from '../common/sessions/sessions.module';
import { SessionCleanup } from './session-cleanup';

@Module({
  imports: [TypeOrmModule.forFeature([PasswordResetToken]), UsersModule, SessionsModule, MailModule, NotificationsModule, SystemModule],
  controllers: [AuthController],
  providers: [PasswordResetService, SessionCleanup],
})
export class AuthModule {}
