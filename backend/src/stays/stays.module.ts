import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module';
import { PropertiesModule } from '../properties/properties.module';
import { StayRulesRow } from './stay-rules.entity';
import { AdminStaysController, StaysController } from './stays.controller';
import { StaysService } from './stays.service';

@Module({
  imports: [TypeOrmModule.forFeature([StayRulesRow]), PropertiesModule, AuditModule],
  controllers: [StaysController, AdminStaysController],
  providers: [StaysService],
  exports: [StaysService],
})
export class StaysModule {}
