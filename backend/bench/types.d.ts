/* Type declarations for the two untyped packages the benchmarks use (no @types packages are installed). */

declare module 'autocannon' {
  function autocannon(options: autocannon.Options): Promise<autocannon.Result>;
  namespace autocannon {
    interface Histogram {
      average: number;
      mean: number;
      stddev: number;
      min: number;
      max: number;
      total: number;
      p50: number;
      p90: number;
      p99: number;
    }
    interface Options {
      url: string;
      connections?: number;
      duration?: number;
      workers?: number;
      method?: string;
      headers?: Record<string, string>;
      body?: string;
      expectBody?: string;
      /** In worker mode: the path of a module exporting (body: string) => boolean. */
      verifyBody?: string;
      /** Requests each connection makes in turn. */
      requests?: { path?: string; method?: string; headers?: Record<string, string>; body?: string }[];
      timeout?: number;
    }
    interface Result {
      requests: Histogram;
      latency: Histogram;
      throughput: Histogram;
      duration: number;
      errors: number;
      timeouts: number;
      mismatches: number;
      non2xx: number;
      statusCodeStats: Record<string, { count: number }>;
    }
  }
  export = autocannon;
}

declare module 'cookie-signature' {
  /** The unsigned value, or false when the signature does not match the secret. */
  export function unsign(signed: string, secret: string): string | false;
  export function sign(value: string, secret: string): string;
}
