import { Controller, Get, ServiceUnavailableException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Access } from '../common/access.decorator';
import { coded } from '../common/http-exception.filter';
import { OpenDuringMaintenance } from '../common/maintenance.decorator';
import { HealthResponse } from './health.dto';

@Controller('health')
export class HealthController {
  constructor(private readonly db: DataSource) {}

  /** 200 when the database answers. */
  @Get()
  @Access('public')
  @OpenDuringMaintenance()
  async health(): Promise<HealthResponse> {
    try {
      await this.db.query('SELECT 1');
    } catch {
      throw new ServiceUnavailableException(coded('database_down', 'Databasen svarer ikke'));
    }
    return { status: 'ok', database: 'up' };
  }
}
