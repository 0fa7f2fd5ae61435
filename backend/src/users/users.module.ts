import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module';
import { SessionsModule } from '../common/sessions/sessions.module';
import { SESSION_USER_LOOKUP } from '../common/session-user';
import { MailModule } from '../mail/mail.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { SecurityMails } from './security-mails';
import { AccountNumberLog } from './account-number-log.entity';
import { AdminUsersController } from './admin-users.controller';
import { User } from './user.entity';
import { UsersController } from './users.controller';
import { UsersService } from './users.service';

@Module({
  imports: [TypeOrmModule.forFeature([User, AccountNumberLog]), SessionsModule, MailModule, NotificationsModule, AuditModule],
  controllers: [UsersController, AdminUsersController],
  // The access guard in common looks session users up through this token (common imports no domain).
  providers: [UsersService, SecurityMails, { provide: SESSION_USER_LOOKUP, useExisting: UsersService }],
  exports: [UsersService, SESSION_USER_LOOKUP],
})
export class UsersModule {}
