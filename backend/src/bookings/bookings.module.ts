import { Module } from '@nestjs/common';
import { PropertiesModule } from '../properties/properties.module';
import { BookingSourceScheduler } from './booking-source-scheduler.service';
import { BookingSourceSync } from './booking-source-sync.service';
import { ExternalBookingsService } from './external-bookings.service';
import { ExternalBookingsStore } from './external-bookings.store';

/**
 * External bookings: one store for bookings owned by outside systems, filled by each source's adapter through the
 * sources' skeleton (BookingSourceSync, BookingSourceScheduler).
 */
@Module({
  imports: [PropertiesModule],
  providers: [ExternalBookingsStore, ExternalBookingsService, BookingSourceSync, BookingSourceScheduler],
  exports: [ExternalBookingsService, BookingSourceSync, BookingSourceScheduler],
})
export class BookingsModule {}
