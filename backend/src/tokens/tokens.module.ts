import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module';
import { BEARER_TOKEN_LOOKUP } from '../common/bearer-token';
import { MailModule } from '../mail/mail.module';
import { UsersModule } from '../users/users.module';
import { ApiToken } from './api-token.entity';
import { TokenMails } from './token-mails';
import { TokensController } from './tokens.controller';
import { TokensService } from './tokens.service';

/** Personal API tokens; common's bearer-token middleware finds them through BEARER_TOKEN_LOOKUP (common imports no domain). */
@Module({
  imports: [TypeOrmModule.forFeature([ApiToken]), UsersModule, AuditModule, MailModule],
  controllers: [TokensController],
  providers: [TokensService, TokenMails, { provide: BEARER_TOKEN_LOOKUP, useExisting: TokensService }],
  exports: [BEARER_TOKEN_LOOKUP],
})
export class TokensModule {}
