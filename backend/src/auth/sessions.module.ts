import { Module } from '@nestjs/common';
import { SessionCleanup } from './session-cleanup';
import { SessionsService } from './sessions.service';

@Module({ providers: [SessionsService, SessionCleanup], exports: [SessionsService] })
export class SessionsModule {}
