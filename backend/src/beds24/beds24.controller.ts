import { Body, ConflictException, Controller, Delete, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Access, CurrentUser } from '../common/access.decorator';
import { ListQueryParams, MessageResponse } from '../common/api.dto';
import { coded } from '../common/http-exception.filter';
import { ParseIdPipe } from '../common/ids';
import { parseListQuery, setContentRange } from '../common/list-query';
import { Beds24SyncService } from './beds24-sync.service';
import type { User } from '../users/user.entity';
import { Beds24ConfigResponse, Beds24SyncResponse, Beds24TestResponse, mapConfig, OwnBeds24Response, SaveBeds24ConfigDto } from './beds24.dto';
import { PropertyAccess } from '../properties/property-access.service';
import { PropertyIdPipe, PropertyIdQuery } from '../properties/property-id.dto';
import { Beds24Service } from './beds24.service';
import { NoTokens, TokenScope } from '../common/token-scope.decorator';

/** The Beds24 routes: the back office's channel configuration, administrators only (the beds24 tab). */
@Controller('admin')
export class Beds24Controller {
  constructor(
    private readonly configs: Beds24Service,
    private readonly sync: Beds24SyncService,
  ) {}

  /** Every configuration with its owner and sync state; react-admin's sort, range and filter give one page and Content-Range. */
  @Get('beds24-configs')
  @TokenScope('admin:read')
  @Access('admin')
  async list(@Query() query: ListQueryParams, @Res({ passthrough: true }) res: Response): Promise<Beds24ConfigResponse[]> {
    const listQuery = parseListQuery(query);
    const { rows, total } = await this.configs.list(listQuery);
    setContentRange(res, 'beds24-configs', listQuery, rows.length, total);
    return rows.map(({ config, owner }) => mapConfig(config, owner));
  }

  @Get('beds24-config/:userId')
  @TokenScope('admin:read')
  @Access('admin')
  async get(@Param('userId', ParseIdPipe) userId: number): Promise<Beds24ConfigResponse> {
    const { config, owner } = await this.configs.get(userId);
    return mapConfig(config, owner);
  }

  /** Creates or changes the user's configuration; a new apiKey is checked with Beds24 (an invite code exchanged) before it is stored. */
  @Post('beds24-config/:userId')
  @NoTokens()
  @Access('admin')
  @HttpCode(200)
  async save(@Param('userId', ParseIdPipe) userId: number, @Body() dto: SaveBeds24ConfigDto): Promise<Beds24ConfigResponse> {
    await this.configs.save(userId, dto);
    return this.get(userId);
  }

  @Delete('beds24-config/:userId')
  @TokenScope('admin:write')
  @Access('admin')
  async remove(@Param('userId', ParseIdPipe) userId: number): Promise<MessageResponse> {
    await this.configs.remove(userId);
    return { message: 'Beds24-konfigurasjonen er slettet' };
  }

  /** 'Test connection': the token's scopes and whether it reaches the property. */
  @Post('beds24-config/:userId/test')
  @TokenScope('admin:write')
  @Access('admin')
  @HttpCode(200)
  test(@Param('userId', ParseIdPipe) userId: number): Promise<Beds24TestResponse> {
    return this.configs.testConnection(userId);
  }

  /** 'Sync now' (only while sync is enabled): a full pull at once, after any running one; the answer counts what it did. */
  @Post('beds24-sync/:userId')
  @TokenScope('admin:write')
  @Access('admin')
  @HttpCode(200)
  async syncNow(@Param('userId', ParseIdPipe) userId: number): Promise<Beds24SyncResponse> {
    const { config } = await this.configs.get(userId);
    if (!config.syncEnabled) throw new ConflictException(coded('beds24_sync_disabled', 'Synkronisering er slått av for denne Beds24-konfigurasjonen'));
    const outcome = await this.sync.sync(config.id, { waitMs: this.sync.manualWaitMs });
    if (outcome.skipped === 'busy') throw new ConflictException(coded('beds24_sync_busy', 'En synkronisering av denne konfigurasjonen pågår allerede'));
    return {
      // An identical pull (unchanged) is a success that changed nothing.
      success: outcome.status === 'updated' || outcome.status === 'unchanged',
      eventsCreated: outcome.created,
      eventsUpdated: outcome.updated,
      eventsDeleted: outcome.deleted,
      ...(outcome.error ? { error: outcome.error, errorCode: outcome.errorCode } : {}),
      ...(outcome.warning ? { warning: outcome.warning } : {}),
    };
  }
}

/**
 * A property's Beds24 connection as its members see it, read-only: its health beside the feeds'
 * (docs/product/beds24.md#screens); `?propertyId=`, or the caller's first property.
 */
@Controller('user/beds24')
@Access('user')
export class OwnBeds24Controller {
  constructor(
    private readonly configs: Beds24Service,
    private readonly access: PropertyAccess,
  ) {}

  @Get()
  @TokenScope('bookings:read')
  @PropertyIdQuery()
  async own(@CurrentUser() user: User, @Query('propertyId', PropertyIdPipe) propertyId: number | undefined): Promise<OwnBeds24Response> {
    const property = await this.access.readable(user, propertyId);
    const config = property && (await this.configs.findByProperty(property.id));
    if (!config) return { configured: false, syncEnabled: false, lastSync: null, failing: false, needsCredentials: false, lastError: null, lastErrorCode: null, eventCount: 0 };
    return {
      configured: true, syncEnabled: config.syncEnabled, lastSync: config.sync.lastSynced, failing: config.needsCredentials || config.sync.lastError !== null,
      needsCredentials: config.needsCredentials, lastError: config.sync.lastError, lastErrorCode: config.sync.lastErrorCode, eventCount: config.sync.eventCount,
    };
  }
}
