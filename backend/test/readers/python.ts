import { execFileSync, spawnSync } from 'node:child_process';

/**
 * Debian's python3 with python3-icalendar (CI installs it): readers of iCalendar and MIME that share no code with
 * ours, so a test can check our output as another program reads it. Suites skip those checks without it.
 */
const PYTHON = '/usr/bin/python3';
export const pythonIcalendar = spawnSync(PYTHON, ['-c', 'import icalendar'], { stdio: 'ignore' }).status === 0;

/** Runs a Python script with `input` on its stdin and reads the JSON it prints. */
export function runPythonJson<T>(script: string, input: string): T {
  return JSON.parse(execFileSync(PYTHON, ['-c', script], { input }).toString()) as T;
}
