import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module';
import { SessionsModule } from '../common/sessions/sessions.module';
import { SESSION_USER_LOOKUP } from '../common/session-user';
import { USER_LANGUAGE } from '../common/user-language';
import { MailModule } from '../mail/mail.module';
import { SecurityMails } from './security-mails';
import { AccountNumberLog } from './account-number-log.entity';
import { AdminUsersController } from './admin-users.controller';
import { User } from './user.entity';
import { LanguagePreference } from './user-language.entity';
import { UsersController } from './users.controller';
import { UsersService } from './users.service';

@Module({
  imports: [TypeOrmModule.forFeature([User, AccountNumberLog, LanguagePreference]), SessionsModule, MailModule, AuditModule],
  controllers: [UsersController, AdminUsersController],
  // The access guard in common looks session users up through this token, notifications a person's language through
  // the other (common imports no domain; users sits above notifications).
  providers: [UsersService, SecurityMails, { provide: SESSION_USER_LOOKUP, useExisting: UsersService }, { provide: USER_LANGUAGE, useExisting: UsersService }],
  exports: [UsersService, SESSION_USER_LOOKUP, USER_LANGUAGE],
})
export class UsersModule {}
