import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module';
import { BookingsModule } from '../bookings/bookings.module';
import { PropertiesModule } from '../properties/properties.module';
import { StaysModule } from '../stays/stays.module';
import { UsersModule } from '../users/users.module';
import { AdminCalendarController } from './admin-calendar.controller';
import { CalendarWindowController } from './calendar-window.controller';
import { CalendarService } from './calendar.service';
import { EventCollaborator, EventSuggestion } from './collaboration.entity';
import { CalendarEvent } from './event.entity';
import { EventNotesController } from './event-notes.controller';
import { EventsController } from './events.controller';
import { ExternalBookingNote } from './external-booking-note.entity';
import { MarkedDay } from './marked-day.entity';
import { MarkedDaysController } from './marked-days.controller';
import { SubscriptionController } from './subscription.controller';
import { SubscriptionService } from './subscription.service';

@Module({
  imports: [TypeOrmModule.forFeature([CalendarEvent, MarkedDay, ExternalBookingNote, EventCollaborator, EventSuggestion]), UsersModule, AuditModule, BookingsModule, PropertiesModule, StaysModule],
  controllers: [EventsController, MarkedDaysController, CalendarWindowController, EventNotesController, AdminCalendarController, SubscriptionController],
  providers: [CalendarService, SubscriptionService],
  exports: [CalendarService],
})
export class CalendarModule {}
