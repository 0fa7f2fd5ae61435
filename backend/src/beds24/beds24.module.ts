import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PropertiesModule } from '../properties/properties.module';
import { BookingsModule } from '../bookings/bookings.module';
import { UsersModule } from '../users/users.module';
import { Beds24Client } from './beds24-client';
import { Beds24Config } from './beds24-config.entity';
import { Beds24Scheduler } from './beds24-scheduler.service';
import { Beds24SyncService } from './beds24-sync.service';
import { Beds24Controller, OwnBeds24Controller } from './beds24.controller';
import { Beds24Service } from './beds24.service';

/** The Beds24 channel: per-user configurations, the API v2 client and the scheduled sync into the external bookings store. */
@Module({
  imports: [TypeOrmModule.forFeature([Beds24Config]), UsersModule, BookingsModule, PropertiesModule],
  controllers: [Beds24Controller, OwnBeds24Controller],
  providers: [Beds24Service, Beds24Client, Beds24SyncService, Beds24Scheduler],
  exports: [Beds24Service, Beds24Scheduler],
})
export class Beds24Module {}
