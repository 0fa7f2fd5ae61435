import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AgreementsModule } from '../agreements/agreements.module';
import { AuditModule } from '../audit/audit.module';
import { SystemModule } from '../system/system.module';
import { UsersModule } from '../users/users.module';
import { AdminAppointmentHoursController, AdminClosedDatesController } from './admin-appointments.controller';
import { Appointment, AppointmentClosedDate, AppointmentHours } from './appointment.entity';
import { AppointmentHoursService } from './appointment-hours.service';
import { AppointmentsController } from './appointments.controller';
import { AppointmentsService } from './appointments.service';

/** Owners book meetings (agreements) in the free slots of the hours staff publish (docs/appointments.md). */
@Module({
  imports: [TypeOrmModule.forFeature([Appointment, AppointmentHours, AppointmentClosedDate]), AgreementsModule, AuditModule, SystemModule, UsersModule],
  controllers: [AppointmentsController, AdminAppointmentHoursController, AdminClosedDatesController],
  providers: [AppointmentsService, AppointmentHoursService],
  exports: [AppointmentsService],
})
export class AppointmentsModule {}
