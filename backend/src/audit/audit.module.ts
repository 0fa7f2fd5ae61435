import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditLogEntry } from './audit-log.entity';
import { AuditService } from './audit.service';
import { ActivityController } from './activity.controller';

@Module({ imports: [TypeOrmModule.forFeature([AuditLogEntry])], controllers: [ActivityController], providers: [AuditService], exports: [AuditService] })
export class AuditModule {}
