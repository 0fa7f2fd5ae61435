import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module';
import { PropertiesModule } from '../properties/properties.module';
import { UsersModule } from '../users/users.module';
import { StayRequest } from './stay-request.entity';
import { StayRulesRow } from './stay-rules.entity';
import { AdminStayRequestsController, AdminStaysController, StaysController } from './stays.controller';
import { StaysService } from './stays.service';

@Module({
  imports: [TypeOrmModule.forFeature([StayRulesRow, StayRequest]), PropertiesModule, UsersModule, AuditModule],
  controllers: [StaysController, AdminStaysController, AdminStayRequestsController],
  providers: [StaysService],
  exports: [StaysService],
})
export class StaysModule {}
