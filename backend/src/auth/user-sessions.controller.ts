import { Controller, Delete, Get, NotFoundException, Param, ParseUUIDPipe, Req } from '@nestjs/common';
import type { Request } from 'express';
import { AuditService } from '../audit/audit.service';
import { Access, CurrentUser } from '../common/access.decorator';
import { MessageResponse } from '../common/api.dto';
import { coded } from '../common/http-exception.filter';
import { requestContext } from '../common/request-context';
import { SessionsService } from '../common/sessions/sessions.service';
import type { User } from '../users/user.entity';
import { UserSessionResponse } from './user-sessions.dto';
import { NoTokens } from '../common/token-scope.decorator';

const badId = () => new NotFoundException(coded('session_not_found', 'Økten finnes ikke'));

/** The signed-in user's sessions (docs/security.md, Sessions): see them, end one, end all others. */
@Controller('user/sessions')
@Access('user')
export class UserSessionsController {
  constructor(private readonly sessions: SessionsService, private readonly audit: AuditService) {}

  @Get()
  @NoTokens()
  async list(@CurrentUser() user: User, @Req() req: Request): Promise<UserSessionResponse[]> {
    return (await this.sessions.listFor(user.id)).map((s) => ({
      id: s.publicId,
      current: s.sid === req.sessionID,
      createdAt: s.createdAt,
      lastSeenAt: s.lastSeenAt,
      browser: s.client?.browser ?? null,
      os: s.client?.os ?? null,
      ipPrefix: s.client?.ipPrefix ?? null,
    }));
  }

  /** Ends every session of the user but this one; their open sockets close. */
  @Delete()
  @NoTokens()
  async endOthers(@CurrentUser() user: User, @Req() req: Request): Promise<MessageResponse> {
    await this.sessions.endAllFor(user.id, req.sessionID);
    await this.audit.record(user.id, user.id, 'sessions.ended', { which: 'others' }, undefined, requestContext(req));
    return { message: 'De andre øktene er avsluttet' };
  }

  /** Ends one session (this one too: that signs out here); its open sockets close. */
  @Delete(':id')
  @NoTokens()
  async endOne(@CurrentUser() user: User, @Param('id', new ParseUUIDPipe({ exceptionFactory: badId })) id: string, @Req() req: Request): Promise<MessageResponse> {
    if (!(await this.sessions.endOne(user.id, id))) throw badId();
    await this.audit.record(user.id, user.id, 'sessions.ended', { which: 'one' }, undefined, requestContext(req));
    return { message: 'Økten er avsluttet' };
  }
}
