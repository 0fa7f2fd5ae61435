import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { Access, CurrentUser } from '../common/access.decorator';
import { RequiresRecentAuth } from '../common/recent-auth.decorator';
import type { SessionUser } from '../common/session-user';
import { BackupResponse, RestoreResponse } from './backups.dto';
import { BackupsService } from './backups.service';
import { NoTokens, TokenScope } from '../common/token-scope.decorator';

/** The back office's backup tab (docs/product/system.md#backups): admins only. */
@Controller('admin/backups')
export class BackupsController {
  constructor(private readonly backups: BackupsService) {}

  /** The history, newest first. */
  @Get()
  @TokenScope('admin:read')
  @Access('admin')
  list(): Promise<BackupResponse[]> {
    return this.backups.list();
  }

  /** Makes a backup now (409 while another backup or a restore runs). */
  @Post()
  @TokenScope('admin:write')
  @Access('admin')
  create(@CurrentUser() user: SessionUser): Promise<BackupResponse> {
    return this.backups.create(false, user.id);
  }

  /**
   * Replaces every table (all but logins) with the backup's rows in one transaction. The file is checked first: a
   * foreign, corrupt, truncated or other-version file answers 422 and changes nothing.
   */
  @Post('restore/:filename')
  @NoTokens()
  @Access('admin')
  @RequiresRecentAuth()
  @HttpCode(200)
  restore(@Param('filename') filename: string, @CurrentUser() user: SessionUser): Promise<RestoreResponse> {
    return this.backups.restore(filename, user.id);
  }
}
