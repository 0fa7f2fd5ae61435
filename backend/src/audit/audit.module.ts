import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditLogEntry } from './audit-log.entity';
import { AuditService } from './audit.service';

@Module({ imports: [TypeOrmModule.forFeature([AuditLogEntry])], providers: [AuditService], exports: [AuditService] })
export class AuditModule {}
