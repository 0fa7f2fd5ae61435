import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PropertiesModule } from '../properties/properties.module';
import { UsersModule } from '../users/users.module';
import { BookingConflict } from './booking-conflict.entity';
import { ConflictsController } from './conflicts.controller';
import { ConflictsService } from './conflicts.service';

/**
 * Double bookings: detection after each import or own-event change (through the event bus), the stored conflicts,
 * and their list (docs/architecture.md "Double bookings"). The calendar window reads them with conflicts.types.ts.
 */
@Module({
  imports: [TypeOrmModule.forFeature([BookingConflict]), UsersModule, PropertiesModule],
  controllers: [ConflictsController],
  providers: [ConflictsService],
  exports: [ConflictsService],
})
export class ConflictsModule {}
