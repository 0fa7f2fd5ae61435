import { Injectable } from '@nestjs/common';

/**
 * Where the process is in its life, for the readiness check and the parts that stop taking work on SIGTERM. Once
 * `draining` is set the instance answers GET /api/health/ready with 503, so a proxy stops sending it requests, and
 * /ws refuses new sockets (docs/operations.md, Restarts).
 */
@Injectable()
export class Lifecycle {
  private drainingSince?: number;

  get draining(): boolean {
    return this.drainingSince !== undefined;
  }

  startDraining(): void {
    this.drainingSince ??= Date.now();
  }
}
