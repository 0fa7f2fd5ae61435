import autocannon from 'autocannon';
import { BodySpec, writeVerifier } from './body-check';

/** How long and how hard every measurement runs; the same for the app and its baseline. */
export interface LoadSettings {
  seconds: number;
  warmupSeconds: number;
  connections: number;
}

export function loadSettings(env: NodeJS.ProcessEnv = process.env): LoadSettings {
  const seconds = Number(env.BENCH_SECONDS || 10);
  if (!Number.isFinite(seconds) || seconds < 1) throw new Error(`BENCH_SECONDS must be a number of seconds ≥ 1, not "${env.BENCH_SECONDS}".`);
  return { seconds, warmupSeconds: 2, connections: 10 };
}

export interface LoadResult {
  /** Mean requests per second over the measured window. */
  rps: number;
  /** Latency percentiles in milliseconds (autocannon records whole milliseconds). */
  p50: number;
  p99: number;
  /** Mean latency in milliseconds: finer-grained than p50 when answers take only a few milliseconds. */
  mean: number;
  requests: number;
  /** Requests that got no answer within autocannon's timeout (10 s); only a target with countFailures gets here with any. */
  timeouts: number;
  /** Requests that failed otherwise (connection reset, hang-up); only with countFailures. */
  connectionErrors: number;
  /**
   * CPU time this thread (the servers') spent per request, in microseconds. Unlike requests/s it barely moves when
   * other processes compete for the cores; on PGlite it includes the database, on PostgreSQL only the client side.
   */
  cpuUsPerRequest: number;
}

export interface LoadTarget {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Every response must be exactly this body; anything else fails the measurement. */
  expectBody?: string;
  /** For answers one fixed body cannot describe (sequences, rendered calendars). */
  verify?: BodySpec;
  /**
   * Paths each connection requests in turn (autocannon's `requests`), on the origin of `url`: one pass through
   * the list is what one client does for one screen.
   */
  sequence?: string[];
  /** The only status allowed (e.g. 304); by default any 2xx. */
  expectStatus?: number;
  /** Report timeouts and connection errors in the result instead of failing the measurement (the scenario judges them). */
  countFailures?: boolean;
}

/**
 * Warms the target up, then measures it. The load runs in an autocannon worker thread so the generator does not
 * share the event loop of the servers under test (which live in this process). Any error, unexpected status or
 * unexpected body throws: a figure for a server that was failing would be meaningless.
 */
export async function measure(target: LoadTarget, settings: LoadSettings): Promise<LoadResult> {
  const verifier = target.verify ? writeVerifier(target.verify) : null;
  try {
    const { verify, sequence, expectStatus, countFailures: _counted, ...request } = target;
    const options: autocannon.Options = {
      ...request,
      connections: settings.connections,
      workers: 1,
      ...(verifier ? { verifyBody: verifier.file } : {}),
      ...(sequence ? { requests: sequence.map((path) => ({ path })) } : {}),
    };
    check(await autocannon({ ...options, duration: settings.warmupSeconds }), target, 'warm-up');
    const cpuBefore = process.threadCpuUsage();
    const result = check(await autocannon({ ...options, duration: settings.seconds }), target, 'measurement');
    const cpu = process.threadCpuUsage(cpuBefore);
    return {
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      mean: result.latency.average,
      requests: result.requests.total,
      timeouts: result.timeouts,
      // autocannon counts a timeout as an error too.
      connectionErrors: result.errors - result.timeouts,
      cpuUsPerRequest: (cpu.user + cpu.system) / result.requests.total,
    };
  } finally {
    verifier?.remove();
  }
}

function check(result: autocannon.Result, target: LoadTarget, phase: string): autocannon.Result {
  const statuses = Object.keys(result.statusCodeStats);
  const wrongStatus = target.expectStatus ? statuses.some((s) => Number(s) !== target.expectStatus) : result.non2xx > 0;
  const problems = [
    !target.countFailures && result.errors && `${result.errors} connection errors`,
    !target.countFailures && result.timeouts && `${result.timeouts} timeouts`,
    wrongStatus && `unexpected statuses (${JSON.stringify(result.statusCodeStats)})`,
    result.mismatches && `${result.mismatches} unexpected bodies`,
  ].filter(Boolean);
  if (problems.length) throw new Error(`${target.url} ${phase}: ${problems.join(', ')}`);
  if (!result.requests.total) throw new Error(`${target.url} ${phase}: no request completed`);
  return result;
}
