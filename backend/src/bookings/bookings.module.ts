import { Module } from '@nestjs/common';
import { ExternalBookingsService } from './external-bookings.service';
import { ExternalBookingsStore } from './external-bookings.store';

/** External bookings: one store for bookings owned by outside systems, filled by each source's adapter. */
@Module({
  providers: [ExternalBookingsStore, ExternalBookingsService],
  exports: [ExternalBookingsService],
})
export class BookingsModule {}
