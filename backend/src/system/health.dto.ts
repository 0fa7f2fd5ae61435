export class HealthResponse {
  /** @example ok */
  status: string;
  /** @example up */
  database: string;
}

export class LivenessResponse {
  /** @example ok */
  status: string;
}

export class ReadinessResponse {
  /** @example ok */
  status: string;
  /** The app's database answers. @example up */
  database: string;
  /** The job queue (pg-boss) answers. @example up */
  jobs: string;
}
