import { MAINTENANCE_STATE } from '../common/maintenance-state';
import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module';
import { UsersModule } from '../users/users.module';
import { HealthController } from './health.controller';
import { MaintenanceController } from './maintenance.controller';
import { MaintenanceGuard } from './maintenance.guard';
import { PlannerStatistics } from './planner-statistics';
import { SystemSetting } from './system-setting.entity';
import { SystemSettingsController } from './system-settings.controller';
import { SystemSettingsService } from './system-settings.service';

/** Running the service: health, system settings and maintenance mode. */
@Module({
  imports: [TypeOrmModule.forFeature([SystemSetting]), AuditModule, UsersModule, TerminusModule.forRoot({ logger: false })],
  controllers: [HealthController, SystemSettingsController, MaintenanceController],
  providers: [SystemSettingsService, MaintenanceGuard, PlannerStatistics, { provide: MAINTENANCE_STATE, useExisting: SystemSettingsService }],
  exports: [SystemSettingsService, MaintenanceGuard, MAINTENANCE_STATE],
})
export class SystemModule {}
