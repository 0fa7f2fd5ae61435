export class HealthResponse {
  /** @example ok */
  status: string;
  /** @example up */
  database: string;
}
