import { Module } from '@nestjs/common';
import { SessionsService } from './sessions.service';

/**
 * Session helpers every domain may use (ending a user's sessions on block, delete or password change), below the
 * domains so users and auth both reach them without needing each other. Cleaning expired sessions is auth's job.
 */
@Module({ providers: [SessionsService], exports: [SessionsService] })
export class SessionsModule {}
