import { Module } from '@nestjs/common';
import { MailOutboxStore } from './mail-outbox.store';
import { MailQueue } from './mail-queue.service';

/**
 * Outgoing mail through the job queue (MailQueue) and its outbox (MailOutboxStore); the texts of each mail live with
 * the domain that sends it.
 */
@Module({ providers: [MailQueue, MailOutboxStore], exports: [MailQueue] })
export class MailModule {}
