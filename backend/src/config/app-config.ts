import ipaddr from 'ipaddr.js';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** A setting that cannot be used; boot stops with this one sentence instead of a stack trace. */
export class ConfigError extends Error {}

export interface AppConfig {
  port: number;
  /** Public origin used in reset links and iCal links, e.g. https://portal.example.no */
  publicUrl: string;
  /** PostgreSQL connection string; absent means the embedded PGlite database under dataDir/db. */
  databaseUrl?: string;
  /**
   * The connection of the role that owns the schema (DATABASE_MIGRATION_URL, default DATABASE_URL): migrations and the
   * job queue's schema run on it, and DATABASE_URL's role, when another, is granted what the app needs and no more
   * (docs/operations.md, Database roles).
   */
  databaseMigrationUrl?: string;
  dataDir: string;
  /** Where the built frontend lives; served when present. */
  frontendDist: string;
  /**
   * Days the hashed assets of an earlier build stay served after a deploy, from DATA_DIR/previous-assets, so a tab
   * opened on that build can still load its lazy parts (ASSET_GRACE_DAYS, default 7; 0 serves only the current build).
   */
  assetGraceDays: number;
  sessionSecret?: string;
  cookieSecure: boolean;
  /**
   * Which reverse proxies in front may say who the client is (X-Forwarded-For/-Proto), as Express's `trust proxy`
   * takes it: false (none: the client is the connecting address), a number of proxy hops, or the proxies' addresses
   * and subnets ('loopback', '10.0.0.0/8', …).
   */
  trustProxy: false | number | string[];
  /** Seconds a stopping instance gives requests and jobs in flight to finish before it closes anyway. */
  shutdownGraceSeconds: number;
  /**
   * Seconds a stopping instance keeps serving as usual after its readiness check turned 503, so the proxy in front
   * stops sending it requests before it refuses any (SHUTDOWN_DELAY_SECONDS, default 3; docs/operations.md, Restarts).
   */
  shutdownDelaySeconds: number;
  /** Bearer token that opens GET /api/metrics to callers other than loopback (METRICS_TOKEN; docs/operations.md, Metrics). */
  metricsToken?: string;
  /** pino's level for the JSON request and job log (LOG_LEVEL: trace, debug, info, warn, error, fatal or silent). */
  logLevel: string;
  /**
   * How the request and job log is written (LOG_FORMAT): 'json', one object per line, for a log collector;
   * 'pretty', a readable line each, for a person at a terminal; 'auto' (the default) picks pretty when standard
   * output is a terminal and JSON otherwise.
   */
  logFormat: LogFormat;
  adminEmail?: string;
  adminPassword?: string;
  /**
   * argon2id's cost for new password and recovery-code hashes (ARGON2_MEMORY_KIB, ARGON2_TIME_COST,
   * ARGON2_PARALLELISM; defaults 65536, 3, 4). Never below OWASP's minimum (19 MiB, 2 passes, 1 lane); a stored hash
   * carries its own cost, so changing these only affects hashes made afterwards (docs/security.md, Passwords).
   */
  passwordHashing: { memoryKib: number; timeCost: number; parallelism: number };
  /** Failed attempts per 15 minutes per client and account on login and password reset (5× per client overall). */
  authRateLimit: number;
  /** Calls per hour one API token may make (TOKEN_RATE_LIMIT, default 5000; docs/security.md#api-tokens). */
  tokenRateLimit: number;
  /**
   * How long the password (and code) given at sign-in or POST /api/user/reauth open the sensitive routes
   * (REAUTH_WINDOW_SECONDS, default 600, 5 to 3600; docs/security.md#re-authentication).
   */
  reauthWindowSeconds: number;
  /** A session unused this long ends (SESSION_IDLE_DAYS, default 14, 1 to 30; docs/security.md#sessions). */
  sessionIdleDays: number;
  /**
   * REQUIRE_STAFF_2FA: staff (admins and mini admins) must turn on two-factor sign-in before they reach anything
   * else; on here, the system setting `security.requireStaff2fa` cannot turn it off (docs/security.md).
   */
  requireStaff2fa: boolean;
  businessTimeZone: string;
  /** LibreTranslate server for event-description translation, e.g. http://translate:5000 */
  translateUrl?: string;
  translateApiKey?: string;
  /** DeepL API key, used when no TRANSLATE_URL is set. */
  deeplApiKey?: string;
  deeplApiUrl?: string;
  feeds: {
    /** Minutes between syncs of each enabled feed. */
    syncMinutes: number;
    /** Feeds synced at the same time by one instance. */
    concurrency: number;
    timeoutMs: number;
    maxBytes: number;
    /** Lifts the SSRF rule (private, loopback, link-local and other special-purpose addresses) for tests against local servers. */
    allowPrivateHosts: boolean;
    /** A feed without a success for longer than this is flagged in the sync-health view. */
    staleHours: number;
    /** Recurrence instances one feed may expand to in the sync window; series past it are cut short with a warning. */
    maxInstances: number;
    /** Feeds one user may have. */
    maxPerUser: number;
  };
  webhooks: {
    /** Deadline of one delivery, connection to last byte (WEBHOOK_TIMEOUT_SECONDS, default 10; docs/product/webhooks.md). */
    timeoutMs: number;
    /** Lets a webhook address be http and on a private, loopback or link-local network: for tests against local receivers only. */
    allowPrivateHosts: boolean;
  };
  beds24: {
    /** Beds24's API v2 base (tests and staging point it at a fake server). */
    apiUrl: string;
    /** Minutes between full syncs of each enabled Beds24 configuration. */
    syncMinutes: number;
  };
  cases: {
    /** Largest case attachment, in bytes (ATTACHMENT_MAX_MB, default 10). */
    attachmentMaxBytes: number;
    /** Messages with attachments one person may send per hour (UPLOAD_RATE_LIMIT, default 30; docs/product/cases.md). */
    uploadRateLimit: number;
  };
  appointments: {
    /** Bookings one person may try per hour (BOOKING_RATE_LIMIT, default 10; docs/appointments.md). */
    bookingRateLimit: number;
  };
  /** SMTP server for outgoing mail, e.g. smtp://user:pass@smtp.example.no:587; unset: mail is recorded as not sent. */
  smtpUrl?: string;
  /** Sender of outgoing mail. */
  mailFrom: string;
  /** Runs the scheduler and job workers in this process (off on web-only instances). */
  runJobs: boolean;
  jobs: {
    /** Seconds between checks for expired jobs and jobs whose worker stopped sending heartbeats. */
    superviseSeconds: number;
    /** Seconds after which a running job whose worker stopped sending heartbeats counts as abandoned (JOB_LEASE). */
    heartbeatSeconds: number;
  };
  backups: {
    /** Where backup files are written and restored from (BACKUP_DIR; default DATA_DIR/backups). */
    dir: string;
    /** Automatic backups kept; older ones are deleted after each daily backup. Manual backups are never pruned. */
    keepAutomatic: number;
  };
}

/** The repository root: the first folder upwards whose package.json declares workspaces. */
export function findRepoRoot(start = __dirname): string {
  let dir = start;
  for (;;) {
    const pkg = path.join(dir, 'package.json');
    if (existsSync(pkg) && JSON.parse(readFileSync(pkg, 'utf8')).workspaces) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, but is "${raw}".`);
  }
  return value;
}

function flag(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false, but is "${env[name]}".`);
}

const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'];

function logLevel(raw: string | undefined): string {
  const level = raw?.trim().toLowerCase() || 'info';
  if (!LOG_LEVELS.includes(level)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, but is "${raw}".`);
  return level;
}

const LOG_FORMATS = ['auto', 'json', 'pretty'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

function logFormat(raw: string | undefined): LogFormat {
  const format = raw?.trim().toLowerCase() || 'auto';
  if (!(LOG_FORMATS as readonly string[]).includes(format)) throw new ConfigError(`LOG_FORMAT must be one of ${LOG_FORMATS.join(', ')}, but is "${raw}".`);
  return format as LogFormat;
}

/** Names proxy-addr (Express's `trust proxy`) knows for groups of subnets. */
const PROXY_SUBNET_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isAddressOrSubnet(entry: string): boolean {
  if (PROXY_SUBNET_NAMES.includes(entry.toLowerCase())) return true;
  if (!entry.includes('/')) return ipaddr.isValid(entry);
  try {
    ipaddr.parseCIDR(entry);
    return true;
  } catch {
    return false;
  }
}

/**
 * TRUST_PROXY: false, true (one proxy: the nearest hop's X-Forwarded-For entry is the client; Express's own `true`,
 * trusting every hop, would let any client choose its address), a hop count, or a comma-separated list of the
 * proxies' addresses and subnets.
 */
function trustProxy(env: NodeJS.ProcessEnv): false | number | string[] {
  const raw = env.TRUST_PROXY?.trim() ?? '';
  const lower = raw.toLowerCase();
  if (['', '0', 'false', 'no', 'off'].includes(lower)) return false;
  if (['true', 'yes', 'on'].includes(lower)) return 1;
  if (/^\d+$/.test(raw)) return integer(env, 'TRUST_PROXY', 1, 0, 20);
  const entries = raw.split(',').map((e) => e.trim());
  const wrong = entries.find((e) => !isAddressOrSubnet(e));
  if (wrong !== undefined) {
    throw new ConfigError(
      `TRUST_PROXY must be false, true, a number of proxy hops, or the proxies' addresses and subnets separated by commas (such as "loopback, 10.0.0.0/8"), but "${wrong}" is none of these.`,
    );
  }
  return entries;
}

function optionalUrl(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name];
  if (!raw) return undefined;
  try {
    const url = new URL(raw);
    if (url.protocol === 'http:' || url.protocol === 'https:') return raw;
  } catch {
    // fall through to the error below
  }
  throw new ConfigError(`${name} must be an http(s) URL, but is "${raw}".`);
}

function databaseUrl(raw: string | undefined, name = 'DATABASE_URL'): string | undefined {
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} is not a valid URL; expected postgres://user:password@host:5432/database.`);
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new ConfigError(`${name} must start with postgres:// or postgresql://, not ${url.protocol}//.`);
  }
  return raw;
}

/** DATABASE_MIGRATION_URL: the owner role's connection, on the same server and database as DATABASE_URL. */
function databaseMigrationUrl(env: NodeJS.ProcessEnv, appUrl: string | undefined): string | undefined {
  const raw = databaseUrl(env.DATABASE_MIGRATION_URL, 'DATABASE_MIGRATION_URL');
  if (!raw) return appUrl;
  if (!appUrl) throw new ConfigError('DATABASE_MIGRATION_URL is set without DATABASE_URL; set both (the embedded database has one user).');
  const [a, b] = [new URL(appUrl), new URL(raw)];
  if (a.host !== b.host || a.pathname !== b.pathname) {
    throw new ConfigError('DATABASE_MIGRATION_URL must name the same server and database as DATABASE_URL, with the owner role as its user.');
  }
  return raw;
}

function smtpUrl(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  try {
    if (['smtp:', 'smtps:'].includes(new URL(raw).protocol)) return raw;
  } catch {
    // fall through to the error below
  }
  throw new ConfigError('SMTP_URL must look like smtp://user:password@host:587 or smtps://user:password@host:465.');
}

/** Reads the environment once. Every setting is documented in .env.example. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const root = findRepoRoot();
  const port = integer(env, 'PORT', 3000, 1, 65535);
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  try {
    new URL(publicUrl);
  } catch {
    throw new ConfigError(`PUBLIC_URL must be an absolute URL such as https://portal.example.no, but is "${publicUrl}".`);
  }
  const timeZone = env.TZ_BUSINESS || 'Europe/Oslo';
  try {
    new Intl.DateTimeFormat('en', { timeZone });
  } catch {
    throw new ConfigError(`TZ_BUSINESS must be an IANA time zone such as Europe/Oslo, but is "${timeZone}".`);
  }
  const dataDir = path.resolve(root, env.DATA_DIR || 'data');
  return {
    port,
    publicUrl,
    databaseUrl: databaseUrl(env.DATABASE_URL),
    databaseMigrationUrl: databaseMigrationUrl(env, databaseUrl(env.DATABASE_URL)),
    dataDir,
    frontendDist: path.resolve(root, env.FRONTEND_DIST || 'frontend/dist'),
    assetGraceDays: integer(env, 'ASSET_GRACE_DAYS', 7, 0, 365),
    sessionSecret: env.SESSION_SECRET || undefined,
    cookieSecure: flag(env, 'COOKIE_SECURE', publicUrl.startsWith('https:')),
    trustProxy: trustProxy(env),
    shutdownGraceSeconds: integer(env, 'SHUTDOWN_GRACE_SECONDS', 10, 1, 600),
    shutdownDelaySeconds: integer(env, 'SHUTDOWN_DELAY_SECONDS', 3, 0, 60),
    metricsToken: env.METRICS_TOKEN || undefined,
    logLevel: logLevel(env.LOG_LEVEL),
    logFormat: logFormat(env.LOG_FORMAT),
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    authRateLimit: integer(env, 'AUTH_RATE_LIMIT', 10, 1, 100000),
    tokenRateLimit: integer(env, 'TOKEN_RATE_LIMIT', 5000, 1, 1000000),
    reauthWindowSeconds: integer(env, 'REAUTH_WINDOW_SECONDS', 600, 5, 3600),
    sessionIdleDays: integer(env, 'SESSION_IDLE_DAYS', 14, 1, 30),
    passwordHashing: {
      memoryKib: integer(env, 'ARGON2_MEMORY_KIB', 65536, 19456, 4194304),
      timeCost: integer(env, 'ARGON2_TIME_COST', 3, 2, 20),
      parallelism: integer(env, 'ARGON2_PARALLELISM', 4, 1, 16),
    },
    requireStaff2fa: flag(env, 'REQUIRE_STAFF_2FA', false),
    businessTimeZone: timeZone,
    translateUrl: optionalUrl(env, 'TRANSLATE_URL'),
    translateApiKey: env.TRANSLATE_API_KEY || undefined,
    deeplApiKey: env.DEEPL_API_KEY || undefined,
    deeplApiUrl: optionalUrl(env, 'DEEPL_API_URL'),
    feeds: {
      syncMinutes: integer(env, 'FEED_SYNC_MINUTES', 15, 1, 1440),
      concurrency: integer(env, 'FEED_SYNC_CONCURRENCY', 4, 1, 64),
      timeoutMs: integer(env, 'FEED_TIMEOUT_SECONDS', 20, 1, 300) * 1000,
      maxBytes: integer(env, 'FEED_MAX_MB', 10, 1, 200) * 1024 * 1024,
      allowPrivateHosts: flag(env, 'ALLOW_PRIVATE_FEED_HOSTS', false),
      staleHours: integer(env, 'FEED_STALE_HOURS', 24, 1, 24 * 90),
      maxInstances: integer(env, 'FEED_MAX_INSTANCES', 5000, 1, 1_000_000),
      maxPerUser: integer(env, 'FEEDS_PER_USER', 20, 1, 10_000),
    },
    webhooks: {
      timeoutMs: integer(env, 'WEBHOOK_TIMEOUT_SECONDS', 10, 1, 30) * 1000,
      allowPrivateHosts: flag(env, 'ALLOW_PRIVATE_WEBHOOK_HOSTS', false),
    },
    beds24: {
      apiUrl: optionalUrl(env, 'BEDS24_API_URL') ?? 'https://beds24.com/api/v2',
      syncMinutes: integer(env, 'BEDS24_SYNC_MINUTES', 60, 5, 1440),
    },
    cases: {
      attachmentMaxBytes: integer(env, 'ATTACHMENT_MAX_MB', 10, 1, 100) * 1024 * 1024,
      uploadRateLimit: integer(env, 'UPLOAD_RATE_LIMIT', 30, 1, 100000),
    },
    appointments: {
      bookingRateLimit: integer(env, 'BOOKING_RATE_LIMIT', 10, 1, 100000),
    },
    smtpUrl: smtpUrl(env.SMTP_URL),
    mailFrom: env.MAIL_FROM || `Eierportal <noreply@${new URL(publicUrl).hostname}>`,
    runJobs: flag(env, 'RUN_JOBS', true),
    jobs: {
      superviseSeconds: integer(env, 'JOB_SUPERVISE_SECONDS', 20, 1, 300),
      // pg-boss takes no heartbeat under 10 s.
      heartbeatSeconds: integer(env, 'JOB_HEARTBEAT_SECONDS', 30, 10, 600),
    },
    backups: {
      dir: env.BACKUP_DIR ? path.resolve(root, env.BACKUP_DIR) : path.join(dataDir, 'backups'),
      keepAutomatic: integer(env, 'BACKUP_KEEP_AUTOMATIC', 14, 1, 3650),
    },
  };
}

export const APP_CONFIG = Symbol('APP_CONFIG');
