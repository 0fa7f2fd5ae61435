/** A scheduled job and its last run, as the back office shows it. */
export class JobStatusResponse {
  /** @example session-cleanup */
  id: string;
  everyMs: number;
  lastStartedAt: Date | null;
  lastFinishedAt: Date | null;
  lastDurationMs: number | null;
  lastSuccessAt: Date | null;
  lastError: string | null;
  /** The small summary the job returned. */
  lastResult: Record<string, unknown> | null;
  runCount: number;
}
