import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MailModule } from '../mail/mail.module';
import { PropertiesModule } from '../properties/properties.module';
import { UsersModule } from '../users/users.module';
import { AgreementReminders } from './agreement-reminders';
import { Agreement, AgreementNote } from './agreement.entity';
import { AgreementsController } from './agreements.controller';
import { AgreementsService } from './agreements.service';

/** Meetings between staff and owners, their notes, the owner's mails and the 24-hour reminder. */
@Module({
  imports: [TypeOrmModule.forFeature([Agreement, AgreementNote]), MailModule, UsersModule, PropertiesModule],
  controllers: [AgreementsController],
  providers: [AgreementsService, AgreementReminders],
  exports: [AgreementsService],
})
export class AgreementsModule {}
