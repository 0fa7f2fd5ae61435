import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { Access, CurrentUser } from '../common/access.decorator';
import { OpenDuringMaintenance } from '../common/maintenance.decorator';
import type { SessionUser } from '../common/session-user';
import { MaintenanceModeDto, MaintenanceStatusResponse } from './system-settings.dto';
import { SystemSettingsService } from './system-settings.service';
import { NoTokens, TokenScope } from '../common/token-scope.decorator';

/** Maintenance mode (docs/product/system.md#maintenance-mode): admins turn it on and off; anyone may ask whether it is on. */
@Controller()
export class MaintenanceController {
  constructor(private readonly settings: SystemSettingsService) {}

  @Post('admin/maintenance-mode')
  @TokenScope('admin:write')
  @Access('admin')
  @HttpCode(200)
  setMode(@Body() dto: MaintenanceModeDto, @CurrentUser() user: SessionUser): Promise<MaintenanceStatusResponse> {
    return this.settings.setMaintenance(user.id, dto.enabled, dto.message);
  }

  /** Polled by the app every 30 s; always fresh from the database. */
  @Get('maintenance-status')
  @NoTokens()
  @Access('public')
  @OpenDuringMaintenance()
  status(): Promise<MaintenanceStatusResponse> {
    return this.settings.readMaintenance();
  }
}
