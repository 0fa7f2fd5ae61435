import type { AppUnderTest } from './app-under-test';
import type { BenchDatabase } from './engines';
import type { LoadResult, LoadSettings } from './load';

/** What a scenario gets: the running app and database of one engine. Scenarios seed their own data. */
export interface BenchContext {
  db: BenchDatabase;
  app: AppUnderTest;
  load: LoadSettings;
}

/** The app and its bare baseline, measured under the same load in the same run. */
export interface ScenarioMeasurement {
  app: LoadResult;
  baseline: LoadResult;
}

/** A bound on one figure of an entry, e.g. { figure: 'ratio', op: '>=', value: 0.5 }. */
export interface Target {
  figure: string;
  op: '>=' | '<=' | '<';
  value: number;
}

/**
 * One line of the results: a scenario can produce several (a throughput ratio, a latency ratio across data sizes,
 * a duration...). Figures are flat numbers so latest.json stays easy to diff and plot.
 */
export interface ScenarioEntry {
  /** Stable key in latest.json, e.g. 'calendar-window'. */
  scenario: string;
  /** How the figures were taken, in one or two sentences; printed and stored with them. */
  method?: string;
  figures: Record<string, number>;
  /** Null when the entry only reports figures. */
  target: Target | null;
  /** Conditions besides the target that must hold (e.g. a stored row count); any of them fails the entry. */
  problems?: string[];
  /** A miss fails the whole run (exit code 1), not only the entry: for targets that guard against a regression. */
  enforced?: boolean;
}

export interface Scenario {
  /** Stable prefix of its entries' keys, e.g. 'current-user'. */
  name: string;
  /** What is measured, for the printout. */
  title: string;
  run(ctx: BenchContext): Promise<ScenarioEntry[]>;
}

export const round = (n: number, digits = 0) => Number(n.toFixed(digits));

/** The usual entry: the app's requests/s as a share of its baseline's, with both sides' latency and CPU cost. */
export function versusBaseline(scenario: string, m: ScenarioMeasurement, minRatio: number, extra: Record<string, number> = {}, method?: string): ScenarioEntry {
  return {
    scenario,
    method,
    figures: {
      rps: round(m.app.rps),
      p50: m.app.p50,
      p99: m.app.p99,
      baselineRps: round(m.baseline.rps),
      baselineP50: m.baseline.p50,
      baselineP99: m.baseline.p99,
      cpuUsPerRequest: round(m.app.cpuUsPerRequest),
      baselineCpuUsPerRequest: round(m.baseline.cpuUsPerRequest),
      ratio: round(m.app.rps / m.baseline.rps, 3),
      ...extra,
    },
    target: { figure: 'ratio', op: '>=', value: minRatio },
  };
}

/** True, false, or null when the entry has no target. */
export function passes(entry: ScenarioEntry): boolean | null {
  if (entry.problems?.length) return false;
  if (!entry.target) return null;
  const { figure, op, value } = entry.target;
  const actual = entry.figures[figure];
  if (actual === undefined || !Number.isFinite(actual)) return false;
  return op === '>=' ? actual >= value : op === '<=' ? actual <= value : actual < value;
}

export function describeTarget(target: Target | null): string {
  return target ? `${target.figure} ${target.op === '>=' ? '≥' : target.op === '<=' ? '≤' : '<'} ${target.value}` : 'figures only';
}
