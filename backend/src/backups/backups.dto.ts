/** The summary counts of a backup. */
export class BackupSummary {
  eventsCount: number;
  icalFeedsCount: number;
  icalEventNotesCount: number;
  markedDaysCount: number;
}

/** One backup file in the history. */
export class BackupResponse {
  id: number;
  /** @example eierportal-backup-20260601-120000-a1b2c3.ndjson.gz */
  filename: string;
  createdAt: Date;
  /** Bytes on disk (compressed). */
  size: number;
  /** Made by the daily job rather than by staff. */
  isAutomatic: boolean;
  summary: BackupSummary;
  /** The schema version (last migration) it was made with. @example BackupsAndGamification1765600000000 */
  schemaVersion: string;
  /** Whether this version of the portal can restore it (the same schema version). */
  restorable: boolean;
}

/** What a restore put back. */
export class RestoreResponse {
  filename: string;
  /** Tables replaced. */
  tables: number;
  /** Rows restored over all tables. */
  rows: number;
  summary: BackupSummary;
}
