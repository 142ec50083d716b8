// The one module that reads the environment. Everything else receives an AppConfig.
import { SHIPPED_STORES } from '../migrations/reference/stores.js';
import { Cron } from 'croner';
import { ConfigError, readEnv } from './env-reader.js';

export { ConfigError };

export type JwtAlgorithm = 'HS256' | 'RS256' | 'ES256';

export type DatabaseConfig =
  | { kind: 'external'; url: string }
  | { kind: 'embedded'; dataDir: string; port: number };

export interface AuthConfig {
  algorithms: JwtAlgorithm[];
  /** HS256 secret; null in embedded development mode means "generate one and keep it in the data folder". */
  secret: string | null;
  publicKey: string | null;
  jwksUrl: string | null;
  issuer: string | null;
  audience: string | null;
}

export interface LoggingConfig {
  flushMs: number;
  batchMax: number;
  bufferMax: number;
}

export interface StoresConfig {
  /** Activate the demonstration stores (default: on except in production). */
  demoStores: boolean;
  /** Base URL of the demonstration store server, substituted for `{demo}` in demo store URLs. */
  demoStoreUrl: string;
  /** Keys of real stores the operator has enabled. */
  enabledStores: string[];
}

export interface PricingConfig {
  /** Cron expressions, evaluated in UTC (C6.1). */
  fetchCron: string;
  consolidationCron: string;
  /** Run the cron triggers in this instance (several instances may; each run is claimed once). */
  scheduler: boolean;
  /** Process queued fetch tasks in this instance. */
  workers: boolean;
  cooldownSeconds: number;
  userAgent: string;
  timeoutMs: number;
  retries: number;
  storeConcurrency: number;
  storeMinIntervalMs: number;
  /** Start the demonstration store server inside this process, on DEMO_STORE_URL's port. */
  demoServer: boolean;
}

export interface MailConfig {
  smtpUrl: string | null;
  from: string;
}

export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  host: string;
  port: number;
  database: DatabaseConfig;
  dbPoolMax: number;
  auth: AuthConfig;
  logging: LoggingConfig;
  stores: StoresConfig;
  pricing: PricingConfig;
  mail: MailConfig;
}

/** Reads and validates every variable; throws one ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const r = readEnv(env);
  const nodeEnv = r.oneOf('NODE_ENV', ['development', 'production', 'test'] as const, 'development');
  const databaseUrl = r.url('DATABASE_URL', ['postgres:', 'postgresql:']);
  const database: DatabaseConfig = databaseUrl
    ? { kind: 'external', url: databaseUrl }
    : {
        kind: 'embedded',
        dataDir: r.string('DATA_DIR') ?? '.data',
        port: r.int('EMBEDDED_PG_PORT', { min: 1024, max: 65535, fallback: 54329 }),
      };

  const secret = r.string('JWT_SECRET');
  if (secret !== undefined && secret.length < 32) r.fail('JWT_SECRET', 'must be at least 32 characters long');
  const publicKey = r.string('JWT_PUBLIC_KEY');
  if (publicKey !== undefined && !publicKey.includes('-----BEGIN')) {
    r.fail('JWT_PUBLIC_KEY', 'must be a PEM public key (-----BEGIN PUBLIC KEY-----)');
  }
  const jwksUrl = r.url('JWT_JWKS_URL', ['http:', 'https:']);
  const asymmetric = publicKey !== undefined || jwksUrl !== undefined;
  const algorithms = r.list('JWT_ALGORITHMS', ['HS256', 'RS256', 'ES256'] as const, asymmetric ? ['RS256'] : ['HS256']);
  if (algorithms.includes('HS256') && asymmetric) {
    r.fail('JWT_ALGORITHMS', 'HS256 cannot be combined with JWT_PUBLIC_KEY or JWT_JWKS_URL (algorithm confusion)');
  }
  if (!algorithms.includes('HS256') && !asymmetric) {
    r.fail('JWT_ALGORITHMS', 'RS256/ES256 need JWT_PUBLIC_KEY or JWT_JWKS_URL');
  }
  if (algorithms.includes('HS256') && secret === undefined && database.kind === 'external') {
    r.fail('JWT_SECRET', 'is required when DATABASE_URL is set (or set JWT_PUBLIC_KEY / JWT_JWKS_URL)');
  }

  const storeKeys = SHIPPED_STORES.filter((s) => !s.demo).map((s) => s.key);
  const stores: StoresConfig = {
    demoStores: r.oneOf('DEMO_STORES', ['on', 'off'] as const, nodeEnv === 'production' ? 'off' : 'on') === 'on',
    demoStoreUrl: (r.url('DEMO_STORE_URL', ['http:', 'https:']) ?? 'http://127.0.0.1:3100').replace(/\/+$/, ''),
    enabledStores: r.list('ENABLED_STORES', storeKeys, []),
  };

  const cron = (name: string, fallback: string): string => {
    const pattern = r.string(name) ?? fallback;
    try {
      new Cron(pattern, { paused: true, timezone: 'UTC' }).stop();
    } catch (error) {
      r.fail(name, `is not a valid cron expression (${error instanceof Error ? error.message : String(error)})`);
    }
    return pattern;
  };
  const pricing: PricingConfig = {
    fetchCron: cron('FETCH_CRON', '0 3 * * *'),
    consolidationCron: cron('CONSOLIDATION_CRON', '30 0 1 * *'),
    scheduler: r.oneOf('SCHEDULER', ['on', 'off'] as const, nodeEnv === 'test' ? 'off' : 'on') === 'on',
    workers: r.oneOf('FETCH_WORKERS', ['on', 'off'] as const, 'on') === 'on',
    cooldownSeconds: r.duration('FETCH_COOLDOWN', { min: 0, max: 7 * 24 * 3600, fallback: 600 }),
    userAgent: r.string('FETCH_USER_AGENT') ?? 'Shelfwatch/0.1 (self-hosted book price tracker; +https://github.com/shelfwatch/shelfwatch)',
    timeoutMs: r.int('FETCH_TIMEOUT_MS', { min: 100, max: 120_000, fallback: 10_000 }),
    retries: r.int('FETCH_RETRIES', { min: 0, max: 10, fallback: 2 }),
    storeConcurrency: r.int('STORE_CONCURRENCY', { min: 1, max: 64, fallback: 2 }),
    storeMinIntervalMs: r.int('STORE_MIN_INTERVAL_MS', { min: 0, max: 60_000, fallback: 1000 }),
    demoServer: false,
  };
  pricing.demoServer =
    r.oneOf('DEMO_STORE_SERVER', ['on', 'off'] as const, stores.demoStores && nodeEnv === 'development' ? 'on' : 'off') === 'on';
  const smtpUrl = r.url('SMTP_URL', ['smtp:', 'smtps:']) ?? null;
  const mail: MailConfig = { smtpUrl, from: r.string('MAIL_FROM') ?? 'Shelfwatch <shelfwatch@localhost>' };

  const config: AppConfig = {
    nodeEnv,
    host: r.string('HOST') ?? '0.0.0.0',
    port: r.int('PORT', { min: 0, max: 65535, fallback: 3000 }),
    database,
    dbPoolMax: r.int('DB_POOL_MAX', { min: 1, max: 200, fallback: 10 }),
    auth: {
      algorithms,
      secret: secret ?? null,
      publicKey: publicKey ?? null,
      jwksUrl: jwksUrl ?? null,
      issuer: r.string('JWT_ISSUER') ?? null,
      audience: r.string('JWT_AUDIENCE') ?? null,
    },
    logging: {
      flushMs: r.int('LOG_FLUSH_MS', { min: 10, max: 60_000, fallback: 2000 }),
      batchMax: r.int('LOG_BATCH_MAX', { min: 1, max: 10_000, fallback: 500 }),
      bufferMax: r.int('LOG_BUFFER_MAX', { min: 10, max: 1_000_000, fallback: 10_000 }),
    },
    stores,
    pricing,
    mail,
  };
  r.throwIfFailed();
  return config;
}
