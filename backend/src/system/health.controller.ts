import { Controller, Get, ServiceUnavailableException } from '@nestjs/common';
import { HealthCheckService, HealthIndicatorService } from '@nestjs/terminus';
import { Access } from '../common/access.decorator';
import { coded } from '../common/http-exception.filter';
import { Lifecycle } from '../common/lifecycle';
import { OpenDuringMaintenance } from '../common/maintenance.decorator';
import { DatabasePort } from '../database/database.port';
import { JobQueue } from '../jobs/job-queue.service';
import { HealthResponse, LivenessResponse, ReadinessResponse } from './health.dto';
import { NoTokens } from '../common/token-scope.decorator';

/** A check that takes longer than this counts as down: a proxy polls every second or two. */
const CHECK_TIMEOUT_MS = 1500;

/**
 * Health for process managers and proxies (docs/operations.md, Several instances): `live` says the process answers
 * (restart it when not), `ready` says it should be sent requests (the database and the job queue answer and it is not
 * stopping). The plain GET /api/health is the database check it always was.
 */
@Controller('health')
export class HealthController {
  constructor(
    private readonly checks: HealthCheckService,
    private readonly database: DatabasePort,
    private readonly indicators: HealthIndicatorService,
    private readonly jobs: JobQueue,
    private readonly lifecycle: Lifecycle,
  ) {}

  /** 200 when the database answers. */
  @Get()
  @NoTokens()
  @Access('public')
  @OpenDuringMaintenance()
  async health(): Promise<HealthResponse> {
    try {
      await this.database.ping();
    } catch {
      throw new ServiceUnavailableException(coded('database_down', 'Databasen svarer ikke'));
    }
    return { status: 'ok', database: 'up' };
  }

  /** 200 while the process answers at all; touches nothing else. */
  @Get('live')
  @NoTokens()
  @Access('public')
  @OpenDuringMaintenance()
  live(): LivenessResponse {
    return { status: 'ok' };
  }

  /** 200 when this instance should get requests: its database and job queue answer and it is not stopping; 503 otherwise. */
  @Get('ready')
  @NoTokens()
  @Access('public')
  @OpenDuringMaintenance()
  async ready(): Promise<ReadinessResponse> {
    if (this.lifecycle.draining) throw new ServiceUnavailableException(coded('not_ready', 'Tjenesten starter på nytt', { reason: 'draining' }));
    try {
      await this.checks.check([
        () => this.indicators.check('database').attempt(() => this.database.ping()).withTimeout(CHECK_TIMEOUT_MS),
        () => this.indicators.check('jobs').attempt(() => this.jobs.ping()).withTimeout(CHECK_TIMEOUT_MS),
      ]);
    } catch (error) {
      const down = Object.keys((error as { response?: { error?: object } }).response?.error ?? {}).join(',') || 'unknown';
      throw new ServiceUnavailableException(coded('not_ready', 'Tjenesten er ikke klar', { reason: down }));
    }
    // Asked again after the checks: a stop may have begun while they ran.
    if (this.lifecycle.draining) throw new ServiceUnavailableException(coded('not_ready', 'Tjenesten starter på nytt', { reason: 'draining' }));
    return { status: 'ok', database: 'up', jobs: 'up' };
  }
}
