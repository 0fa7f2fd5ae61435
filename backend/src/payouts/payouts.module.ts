import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module';
import { BookingsModule } from '../bookings/bookings.module';
import { CalendarModule } from '../calendar/calendar.module';
import { MailModule } from '../mail/mail.module';
import { NightsModule } from '../nights/nights.module';
import { PropertiesModule } from '../properties/properties.module';
import { UsersModule } from '../users/users.module';
import { AdminPayoutsController } from './admin-payouts.controller';
import { InsightsController } from './insights.controller';
import { InsightsService } from './insights.service';
import { PayoutAlerts } from './payout-alerts';
import { Payout } from './payout.entity';
import { PayoutsController } from './payouts.controller';
import { PayoutsService } from './payouts.service';

@Module({
  imports: [TypeOrmModule.forFeature([Payout]), UsersModule, AuditModule, CalendarModule, BookingsModule, MailModule, PropertiesModule, NightsModule],
  controllers: [PayoutsController, AdminPayoutsController, InsightsController],
  providers: [PayoutsService, PayoutAlerts, InsightsService],
  exports: [PayoutsService],
})
export class PayoutsModule {}
