import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { BackupScheduler } from './backup-scheduler';
import { BackupsController } from './backups.controller';
import { BackupsService } from './backups.service';

/** Backups and restore of the whole database (docs/product/system.md#backups). */
@Module({
  imports: [AuditModule],
  controllers: [BackupsController],
  providers: [BackupsService, BackupScheduler],
  exports: [BackupsService],
})
export class BackupsModule {}
