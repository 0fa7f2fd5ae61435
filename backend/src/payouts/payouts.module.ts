import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module';
import { BookingsModule } from '../bookings/bookings.module';
import { CalendarModule } from '../calendar/calendar.module';
import { MailModule } from '../mail/mail.module';
import { PropertiesModule } from '../properties/properties.module';
import { UsersModule } from '../users/users.module';
import { AdminPayoutsController } from './admin-payouts.controller';
import { PayoutAlerts } from './payout-alerts';
import { Payout } from './payout.entity';
import { PayoutsController } from './payouts.controller';
import { PayoutsService } from './payouts.service';

@Module({
  imports: [TypeOrmModule.forFeature([Payout]), UsersModule, AuditModule, CalendarModule, BookingsModule, MailModule, PropertiesModule],
  controllers: [PayoutsController, AdminPayoutsController],
  providers: [PayoutsService, PayoutAlerts],
  exports: [PayoutsService],
})
export class PayoutsModule {}
