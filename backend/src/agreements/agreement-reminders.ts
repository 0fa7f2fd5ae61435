import { Injectable, OnModuleInit } from '@nestjs/common';
import { ScheduledJobs } from '../jobs/scheduled-jobs.service';
import { AgreementsService } from './agreements.service';

/** Every five minutes: a reminder is due 24 h before the meeting, and five minutes late is still the day before. */
const EVERY_FIVE_MINUTES = '0 */5 * * * *';

/** The 24-hour reminder mail of scheduled meetings, once each (AgreementsService.sendDueReminders claims them). */
@Injectable()
export class AgreementReminders implements OnModuleInit {
  constructor(private readonly agreements: AgreementsService, private readonly scheduled: ScheduledJobs) {}

  onModuleInit(): void {
    this.scheduled.register({ id: 'agreement-reminders', schedule: EVERY_FIVE_MINUTES, runAtStart: true, run: () => this.agreements.sendDueReminders() });
  }
}
