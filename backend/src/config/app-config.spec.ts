import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { ConfigError, findRepoRoot, loadConfig } from './app-config';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, publicUrl: 'http://localhost:3000', databaseUrl: undefined, businessTimeZone: 'Europe/Oslo', runJobs: true });
    expect(c.feeds).toMatchObject({ syncMinutes: 15, allowPrivateHosts: false, staleHours: 24 });
    expect(c.dataDir).toMatch(/data$/);
    expect(c).toMatchObject({ smtpUrl: undefined, mailFrom: 'Eierportal <noreply@localhost>', jobs: { superviseSeconds: 20, heartbeatSeconds: 30 } });
  });

  it.each([
    [undefined, false],
    ['false', false],
    ['0', false],
    ['true', 1],
    ['2', 2],
    ['loopback, 10.0.0.0/8', ['loopback', '10.0.0.0/8']],
    ['192.0.2.7,2001:db8::/32,uniquelocal', ['192.0.2.7', '2001:db8::/32', 'uniquelocal']],
  ])('reads TRUST_PROXY=%s as %o (true is one hop, never every hop)', (raw, expected) => {
    expect(loadConfig(raw === undefined ? {} : { TRUST_PROXY: raw }).trustProxy).toEqual(expected);
  });

  it('hashes passwords at argon2 defaults unless ARGON2_* say otherwise, never below OWASP minimum', () => {
    expect(loadConfig({}).passwordHashing).toEqual({ memoryKib: 65536, timeCost: 3, parallelism: 4 });
    expect(loadConfig({ ARGON2_MEMORY_KIB: '19456', ARGON2_TIME_COST: '2', ARGON2_PARALLELISM: '1' }).passwordHashing).toEqual({ memoryKib: 19456, timeCost: 2, parallelism: 1 });
    expect(() => loadConfig({ ARGON2_MEMORY_KIB: '4096' })).toThrow(ConfigError);
    expect(() => loadConfig({ ARGON2_TIME_COST: '1' })).toThrow(ConfigError);
  });

  it('opens the sensitive routes for 10 minutes after a proof unless REAUTH_WINDOW_SECONDS says otherwise, from 5 seconds to an hour', () => {
    expect(loadConfig({}).reauthWindowSeconds).toBe(600);
    expect(loadConfig({ REAUTH_WINDOW_SECONDS: '5' }).reauthWindowSeconds).toBe(5);
    for (const nonsense of ['0', '-600', '4', '3601', '10m', '1.5']) expect(() => loadConfig({ REAUTH_WINDOW_SECONDS: nonsense })).toThrow(/REAUTH_WINDOW_SECONDS must be a whole number from 5 to 3600/);
  });

  it('gives requests and jobs 10 seconds to finish on shutdown unless SHUTDOWN_GRACE_SECONDS says otherwise', () => {
    expect(loadConfig({}).shutdownGraceSeconds).toBe(10);
    expect(loadConfig({ SHUTDOWN_GRACE_SECONDS: '30' }).shutdownGraceSeconds).toBe(30);
  });

  it('keeps backups under DATA_DIR and 14 automatic ones unless BACKUP_DIR and BACKUP_KEEP_AUTOMATIC say otherwise', () => {
    expect(loadConfig({ DATA_DIR: '/srv/eierportal' }).backups).toEqual({ dir: '/srv/eierportal/backups', keepAutomatic: 14 });
    expect(loadConfig({ DATA_DIR: '/srv/eierportal', BACKUP_DIR: '/mnt/backup', BACKUP_KEEP_AUTOMATIC: '30' }).backups).toEqual({ dir: '/mnt/backup', keepAutomatic: 30 });
  });

  it.each([
    [{ BACKUP_KEEP_AUTOMATIC: '0' }, /BACKUP_KEEP_AUTOMATIC must be a whole number from 1 to 3650/],
    [{ DATABASE_URL: 'not a url' }, /DATABASE_URL is not a valid URL/],
    [{ DATABASE_URL: 'mysql://root@localhost/db' }, /must start with postgres:\/\//],
    [{ PORT: 'eighty' }, /PORT must be a whole number/],
    [{ TZ_BUSINESS: 'Mars/Olympus' }, /TZ_BUSINESS must be an IANA time zone/],
    [{ COOKIE_SECURE: 'maybe' }, /COOKIE_SECURE must be true or false/],
    [{ SMTP_URL: 'mail.example.no' }, /SMTP_URL must look like smtp:\/\//],
    [{ SMTP_URL: 'https://mail.example.no' }, /SMTP_URL must look like smtp:\/\//],
    [{ JOB_SUPERVISE_SECONDS: '0' }, /JOB_SUPERVISE_SECONDS must be a whole number from 1 to 300/],
    [{ JOB_HEARTBEAT_SECONDS: '5' }, /JOB_HEARTBEAT_SECONDS must be a whole number from 10 to 600/],
    [{ TRANSLATE_URL: 'translate.local' }, /TRANSLATE_URL must be an http\(s\) URL/],
    [{ TRUST_PROXY: 'maybe' }, /TRUST_PROXY must be false, true, a number of proxy hops, or .*"maybe" is none of these/],
    [{ TRUST_PROXY: 'loopback, 10.0.0.0/33' }, /"10\.0\.0\.0\/33" is none of these/],
    [{ TRUST_PROXY: '10.0.0.0/8,,' }, /"" is none of these/],
    [{ TRUST_PROXY: '99' }, /TRUST_PROXY must be a whole number from 0 to 20/],
    [{ SHUTDOWN_GRACE_SECONDS: '0' }, /SHUTDOWN_GRACE_SECONDS must be a whole number from 1 to 600/],
  ])('refuses %o with one clear sentence', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('.env.example', () => {
  it('boots as it is when copied to .env: every setting in it is valid', () => {
    const text = readFileSync(path.join(findRepoRoot(), '.env.example'), 'utf8');
    const names = [...text.matchAll(/^([A-Z0-9_]+)=/gm)].map((m) => m[1]);
    // Each setting once: a second line would silently win over the documented one.
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
    expect(() => loadConfig(parseEnv(text))).not.toThrow();
  });

  it('ends a session after 14 unused days unless SESSION_IDLE_DAYS says otherwise, from 1 to 30', () => {
    expect(loadConfig({}).sessionIdleDays).toBe(14);
    expect(loadConfig({ SESSION_IDLE_DAYS: '3' }).sessionIdleDays).toBe(3);
    expect(() => loadConfig({ SESSION_IDLE_DAYS: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ SESSION_IDLE_DAYS: '31' })).toThrow(ConfigError);
  });
});
