import { Module } from '@nestjs/common';
import { MailQueue } from './mail-queue.service';

/** Outgoing mail through the job queue (MailQueue); the texts of each mail live with the domain that sends it. */
@Module({ providers: [MailQueue], exports: [MailQueue] })
export class MailModule {}
