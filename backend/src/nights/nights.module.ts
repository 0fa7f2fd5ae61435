import { Module } from '@nestjs/common';
import { BookingsModule } from '../bookings/bookings.module';
import { CalendarModule } from '../calendar/calendar.module';
import { PricesModule } from '../prices/prices.module';
import { PropertiesModule } from '../properties/properties.module';
import { StaysModule } from '../stays/stays.module';
import { UsersModule } from '../users/users.module';
import { AdminPastLimitController, NightsController, StayPreviewController } from './nights.controller';
import { NightsService } from './nights.service';

/**
 * A property's year in nights: owner stays and rental days against their limits (docs/product/stays.md); its stays
 * by night for the owner's year view (payouts' insights).
 */
@Module({
  imports: [CalendarModule, BookingsModule, StaysModule, PricesModule, PropertiesModule, UsersModule],
  controllers: [NightsController, StayPreviewController, AdminPastLimitController],
  providers: [NightsService],
  exports: [NightsService],
})
export class NightsModule {}
