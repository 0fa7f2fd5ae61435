import { Body, Controller, Get, Param, Post, Put } from '@nestjs/common';
import { Access, CurrentUser } from '../common/access.decorator';
import type { SessionUser } from '../common/session-user';
import { CreateSystemSettingDto, mapSetting, SystemSettingResponse, UpdateSystemSettingDto } from './system-settings.dto';
import { SystemSettingsService } from './system-settings.service';
import { NoTokens } from '../common/token-scope.decorator';

/**
 * The system settings. Reading is public: the login page and the calendar are coloured by them before anyone has
 * logged in, and nothing in them is secret (the maintenance state is public too). Writing is for admins.
 */
@Controller('system-settings')
export class SystemSettingsController {
  constructor(private readonly settings: SystemSettingsService) {}

  /** The keys staff have set; a known key missing here has its default. */
  @Get()
  @NoTokens()
  @Access('public')
  async list(): Promise<SystemSettingResponse[]> {
    return (await this.settings.list()).map(mapSetting);
  }

  /** Sets a known key (creating it when unset). */
  @Put(':key')
  @NoTokens()
  @Access('admin')
  async update(@Param('key') key: string, @Body() dto: UpdateSystemSettingDto, @CurrentUser() user: SessionUser): Promise<SystemSettingResponse> {
    return mapSetting(await this.settings.set(user.id, key, dto.value));
  }

  /** Sets a known key given in the body (docs/product/system.md#settings); setting one that exists replaces its value. */
  @Post()
  @NoTokens()
  @Access('admin')
  async create(@Body() dto: CreateSystemSettingDto, @CurrentUser() user: SessionUser): Promise<SystemSettingResponse> {
    return mapSetting(await this.settings.set(user.id, dto.key, dto.value));
  }
}
