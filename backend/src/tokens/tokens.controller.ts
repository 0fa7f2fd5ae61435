import { Body, Controller, Delete, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { Access, CurrentUser } from '../common/access.decorator';
import { MessageResponse } from '../common/api.dto';
import { ParseIdPipe } from '../common/ids';
import { RequiresRecentAuth } from '../common/recent-auth.decorator';
import { requestContext } from '../common/request-context';
import type { SessionUser } from '../common/session-user';
import { NoTokens } from '../common/token-scope.decorator';
import { CreatedTokenResponse, CreateTokenDto, mapToken, TokenResponse } from './tokens.dto';
import { TokensService } from './tokens.service';

/**
 * The signed-in user's personal API tokens (docs/product/auth-and-users.md#api-tokens). Managed in a session only:
 * a token never makes, lists or revokes tokens.
 */
@Controller('user/tokens')
@Access('user')
@NoTokens()
export class TokensController {
  constructor(private readonly tokens: TokensService) {}

  @Get()
  async list(@CurrentUser() user: SessionUser): Promise<TokenResponse[]> {
    return (await this.tokens.list(user.id)).map(mapToken);
  }

  /** A new token, shown this once; needs the password (and code) given within 10 minutes. */
  @Post()
  @HttpCode(201)
  @RequiresRecentAuth()
  async create(@CurrentUser() user: SessionUser, @Body() dto: CreateTokenDto, @Req() req: Request): Promise<CreatedTokenResponse> {
    const { saved, token } = await this.tokens.create(user, dto, requestContext(req));
    return { ...mapToken(saved), token };
  }

  /** Revokes a token at once: its next call answers 401. */
  @Delete(':id')
  async revoke(@CurrentUser() user: SessionUser, @Param('id', ParseIdPipe) id: number, @Req() req: Request): Promise<MessageResponse> {
    await this.tokens.revoke(user, id, requestContext(req));
    return { message: 'API-nøkkelen er trukket tilbake' };
  }
}
