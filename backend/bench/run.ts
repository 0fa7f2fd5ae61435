/**
 * `npm run bench`: for each engine (BENCH_ENGINES, default postgres,pglite) boot the real app on a fresh database,
 * run every scenario against the app and its bare baseline, print the figures and write bench/results/latest.json.
 * Settings: BENCH_SECONDS (default 10), BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/bench),
 * BENCH_SCENARIOS (comma-separated names, default all; a partial run still overwrites latest.json).
 * A scenario below its target is reported, not treated as a crash; the exit code is 1 when a run failed or an
 * enforced entry (ScenarioEntry.enforced: backup-stall's 200 ms, case-uploads' p99) missed its target.
 */
import 'reflect-metadata';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startApp } from './lib/app-under-test';
import { EngineName, PreparedEngine, prepareEngine, selectedEngines } from './lib/engines';
import { loadSettings } from './lib/load';
import { describeTarget, passes, round, Scenario, ScenarioEntry } from './lib/scenario';
import { calendarWindow, calendarWindowRevalidation } from './scenarios/calendar-window';
import { caseUploads } from './scenarios/case-uploads';
import { cases } from './scenarios/cases';
import { currentUser } from './scenarios/current-user';
import { backupRestore } from './scenarios/backup-restore';
import { backupStall } from './scenarios/backup-stall';
import { beds24Sync } from './scenarios/beds24-sync';
import { feedSync } from './scenarios/feed-sync';
import { idleMemory } from './scenarios/idle-memory';
import { loginFlood } from './scenarios/login-flood';
import { notificationPush } from './scenarios/notification-push';
import { payouts } from './scenarios/payouts';
import { subscriptionFeed } from './scenarios/subscription-feed';

// The sync scenarios run after the reads: they add imported bookings (60,000 from feeds) the read scenarios should not
// step over. Backup and restore come last: they copy whatever the others left, and a restore rewrites every table.
const SCENARIOS: Scenario[] = [currentUser, calendarWindow, calendarWindowRevalidation, subscriptionFeed, payouts, cases, caseUploads, notificationPush, feedSync, beds24Sync, loginFlood, backupRestore, backupStall, idleMemory];

/** Scenarios from BENCH_SCENARIOS (comma separated), all of them by default. */
function selectedScenarios(raw = process.env.BENCH_SCENARIOS): Scenario[] {
  if (!raw?.trim()) return SCENARIOS;
  const names = raw.split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = names.filter((n) => !SCENARIOS.some((s) => s.name === n));
  if (unknown.length) throw new Error(`BENCH_SCENARIOS: unknown scenario ${unknown.join(', ')}; use ${SCENARIOS.map((s) => s.name).join(',')}.`);
  return SCENARIOS.filter((s) => names.includes(s.name));
}

const RESULTS_FILE = path.resolve(__dirname, '..', '..', 'bench', 'results', 'latest.json');

/**
 * One entry in latest.json: the scenario's figures flat beside engine, target and pass. For baseline comparisons
 * the figures are rps, p50, p99, baselineRps, baselineP50, baselineP99, cpuUsPerRequest (server-thread CPU µs per
 * request, see LoadResult), baselineCpuUsPerRequest and ratio; `target` is the bound on the figure `targetRule`
 * names; `pass` is null for entries that only report figures.
 */
type ScenarioRecord = { scenario: string; engine: EngineName } & Record<string, number> & {
  target: number | null;
  targetRule: string;
  pass: boolean | null;
  method?: string;
  problems?: string[];
  enforced?: boolean;
};

function toRecord(engine: EngineName, entry: ScenarioEntry): ScenarioRecord {
  return {
    scenario: entry.scenario,
    engine,
    ...entry.figures,
    target: entry.target?.value ?? null,
    targetRule: describeTarget(entry.target),
    pass: passes(entry),
    ...(entry.method ? { method: entry.method } : {}),
    ...(entry.problems?.length ? { problems: entry.problems } : {}),
    ...(entry.enforced ? { enforced: true } : {}),
  } as ScenarioRecord;
}

interface EngineRecord {
  engine: EngineName;
  status: 'measured' | 'skipped' | 'failed';
  database?: string;
  version?: string;
  frontendServed?: boolean;
  reason?: string;
}

async function main(): Promise<number> {
  const load = loadSettings();
  const selected = selectedEngines();
  const scenarios = selectedScenarios();
  const engines: EngineRecord[] = [];
  const records: ScenarioRecord[] = [];
  console.log(`Benchmarks: ${load.seconds} s per measurement after ${load.warmupSeconds} s warm-up, ${load.connections} connections, loopback.`);

  for (const engine of selected) {
    let prepared: PreparedEngine;
    try {
      prepared = await prepareEngine(engine);
    } catch (error) {
      console.error(`${engine}: could not prepare a fresh database:`, error);
      engines.push({ engine, status: 'failed', reason: error instanceof Error ? error.message : String(error) });
      continue;
    }
    if (!prepared.ok) {
      console.log(`Skipping ${engine}: ${prepared.reason}.`);
      engines.push({ engine, status: 'skipped', reason: prepared.reason });
      continue;
    }
    const { db } = prepared;
    const info: EngineRecord = { engine, status: 'measured', database: db.description, version: db.version };
    engines.push(info);
    console.log(`\n${engine}: ${db.version}, ${db.description}`);
    try {
      const app = await startApp(db);
      info.frontendServed = app.frontendServed;
      try {
        for (const scenario of scenarios) {
          console.log(`  ${scenario.name}: ${scenario.title}...`);
          for (const entry of await scenario.run({ db, app, load })) records.push(toRecord(engine, entry));
        }
      } finally {
        await app.close();
      }
    } catch (error) {
      console.error(`  ${engine} failed:`, error);
      info.status = 'failed';
      info.reason = error instanceof Error ? error.message : String(error);
    } finally {
      await db.dispose();
    }
  }

  printTable(records);
  writeResults(load, engines, records);
  const missed = records.filter((r) => r.enforced && r.pass === false);
  for (const r of missed) console.error(`${r.scenario} on ${r.engine} missed its enforced target (${r.targetRule}).`);
  return engines.some((e) => e.status === 'failed') || missed.length ? 1 : 0;
}

function printTable(records: ScenarioRecord[]) {
  if (!records.length) {
    console.log('\nNothing was measured.');
    return;
  }
  const result = (r: ScenarioRecord) => (r.pass === null ? 'figures' : r.pass ? 'pass' : 'BELOW TARGET');
  // Baseline comparisons share one table; every other entry prints its own figures.
  const compared = records.filter((r) => r.baselineRps !== undefined);
  if (compared.length) {
    const header = ['scenario', 'engine', 'req/s', 'p50 ms', 'p99 ms', 'cpu µs/req', 'baseline req/s', 'p50 ms', 'p99 ms', 'cpu µs/req', 'ratio', 'target', 'result'];
    const rows = compared.map((r) => [
      r.scenario, r.engine, String(r.rps), String(r.p50), String(r.p99), String(r.cpuUsPerRequest), String(r.baselineRps), String(r.baselineP50),
      String(r.baselineP99), String(r.baselineCpuUsPerRequest), `${(r.ratio * 100).toFixed(1)} %`, r.target === null ? '-' : `≥ ${r.target * 100} %`, result(r),
    ]);
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
    const line = (cells: string[]) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
    console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
    for (const row of rows) console.log(line(row));
  }
  const fixed = new Set(['scenario', 'engine', 'target', 'targetRule', 'pass', 'method', 'problems', 'enforced']);
  for (const r of records.filter((x) => x.baselineRps === undefined)) {
    const figures = Object.entries(r).filter(([k]) => !fixed.has(k)).map(([k, v]) => `${k} ${v}`).join(', ');
    console.log(`\n${r.scenario} (${r.engine}): ${figures}\n  target ${r.targetRule}: ${result(r)}`);
  }
  // targetRule starts with the figure's name ('ratio ≥ 0.5'), so the failing value can be shown beside it.
  for (const r of records.filter((x) => x.pass === false)) {
    console.log(`\n${r.scenario} on ${r.engine} fails: ${r.targetRule} (${r[r.targetRule.split(' ')[0]]})${r.problems ? `; ${r.problems.join('; ')}` : ''}.`);
  }
  const methods = new Map(records.filter((r) => r.method).map((r) => [r.scenario, r.method!]));
  if (methods.size) console.log(`\nHow:\n${[...methods].map(([k, m]) => `  ${k}: ${m}`).join('\n')}`);
}

function writeResults(load: ReturnType<typeof loadSettings>, engines: EngineRecord[], scenarios: ScenarioRecord[]) {
  const cpus = os.cpus();
  const results = {
    date: new Date().toISOString(),
    node: process.version,
    machine: {
      platform: `${os.platform()} ${os.release()}`,
      arch: os.arch(),
      cpu: cpus[0]?.model ?? 'unknown',
      cpus: cpus.length,
      memoryGb: round(os.totalmem() / 2 ** 30, 1),
    },
    settings: load,
    engines,
    scenarios,
  };
  mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nWrote ${path.relative(process.cwd(), RESULTS_FILE)}`);
}

main().then(
  // Pools and PGlite may keep handles open; the figures are written, so leave explicitly.
  (code) => process.exit(code),
  (error) => {
    console.error('Benchmark run failed:', error);
    process.exit(1);
  },
);
