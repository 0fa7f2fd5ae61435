import { Controller, Get, HttpCode, NotFoundException, Param, Post } from '@nestjs/common';
import { Access } from '../common/access.decorator';
import { coded } from '../common/http-exception.filter';
import { JobStatusResponse } from './jobs.dto';
import { ScheduledJobs } from './scheduled-jobs.service';
import { TokenScope } from '../common/token-scope.decorator';

/** Scheduled jobs and their last runs, for the back office. */
@Controller('admin/jobs')
export class JobsController {
  constructor(private readonly jobs: ScheduledJobs) {}

  @Get()
  @TokenScope('admin:read')
  @Access('staff')
  list(): Promise<JobStatusResponse[]> {
    return this.jobs.statuses();
  }

  @Post(':id/run')
  @TokenScope('admin:write')
  @Access('admin')
  @HttpCode(200)
  async run(@Param('id') id: string): Promise<JobStatusResponse> {
    const status = await this.jobs.runNow(id);
    if (!status) throw new NotFoundException(coded('job_unknown_or_running', 'Ukjent jobb, eller den kjører allerede'));
    return status;
  }
}
