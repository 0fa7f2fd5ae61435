import { Controller, Get, HttpCode, NotFoundException, Param, Post } from '@nestjs/common';
import { Access } from '../common/access.decorator';
import { ScheduledJobs } from './scheduled-jobs.service';

/** Scheduled jobs and their last runs, for the back office. */
@Controller('admin/jobs')
export class JobsController {
  constructor(private readonly jobs: ScheduledJobs) {}

  @Get()
  @Access('staff')
  list() {
    return this.jobs.statuses();
  }

  @Post(':id/run')
  @Access('admin')
  @HttpCode(200)
  async run(@Param('id') id: string) {
    const status = await this.jobs.runNow(id);
    if (!status) throw new NotFoundException('Ukjent jobb, eller den kjører allerede');
    return status;
  }
}
