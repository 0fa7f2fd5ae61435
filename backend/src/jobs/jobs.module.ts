import { Global, Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { JobQueue } from './job-queue.service';
import { JobsController } from './jobs.controller';
import { ScheduledJobs } from './scheduled-jobs.service';

@Global()
@Module({ imports: [ScheduleModule.forRoot()], controllers: [JobsController], providers: [JobQueue, ScheduledJobs], exports: [JobQueue, ScheduledJobs] })
export class JobsModule {}
