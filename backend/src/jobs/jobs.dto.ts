/** A scheduled job and its last run, as the back office shows it. */
export class JobStatusResponse {
  /** @example session-cleanup */
  id: string;
  /** When it runs: a cron expression in the business time zone (TZ_BUSINESS). @example 0 * * * * */
  schedule: string;
  lastStartedAt: Date | null;
  lastFinishedAt: Date | null;
  lastDurationMs: number | null;
  lastSuccessAt: Date | null;
  lastError: string | null;
  /** The small summary the job returned. */
  lastResult: Record<string, unknown> | null;
  runCount: number;
}
