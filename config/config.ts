// The one module that reads the environment. Everything else receives an AppConfig.
import { Cron } from 'croner';
import { loadStoreRecipes, type StoreRecipe, StoreRecipeError } from '../src/adapters/stores/recipes/store-recipes.js';
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
  /** JWT_MAX_AGE in seconds: tokens claiming a longer lifetime (exp - iat, or exp - now without iat) are refused. */
  maxAgeSeconds: number;
}

export interface MaintainerAlertConfig {
  /** Maintainer alerts are POSTed here as JSON; null: no webhook. */
  webhookUrl: string | null;
  /** E-mail alerts to this address through SMTP_URL; null: no e-mail. */
  emailTo: string | null;
  /** `fetch_failed` / `consolidation_failed` within this window become one alert with a count. */
  groupWindowMs: number;
  /** `api_error` alerts when more than this many occur within `apiErrorWindowMs`. */
  apiErrorThreshold: number;
  apiErrorWindowMs: number;
}

export interface LogRetentionConfig {
  days: number;
  cron: string;
  /** Rows per delete statement, so the table is never locked for long. */
  batchSize: number;
}

export interface LoggingConfig {
  /** `in-process`: this process buffers into the `log` table; `remote`: events are sent to `url`. */
  mode: 'in-process' | 'remote';
  /** Base URL of the standalone logging component (remote mode). */
  url: string | null;
  /** Bearer secret of `POST /log`; null: intake refused (401). */
  sharedSecret: string | null;
  /** Bearer token of `GET /logs`; null: viewer refused (401). */
  viewerToken: string | null;
  /** Port of the standalone component (`npm run start:logging`). */
  port: number;
  flushMs: number;
  batchMax: number;
  bufferMax: number;
  alerts: MaintainerAlertConfig;
  retention: LogRetentionConfig;
}

export interface StoresConfig {
  /** Activate the demonstration stores (default: on except in production). */
  demoStores: boolean;
  /** Base URL of the demonstration store server, substituted for `{demo}` in demo store URLs. */
  demoStoreUrl: string;
  /** Keys of real stores the operator has enabled. */
  enabledStores: string[];
  /** STORES_FILE: a recipe file or folder adding stores or overriding shipped ones; absent or null: shipped stores only. */
  storesFile?: string | null;
}

export interface PricingConfig {
  /** Cron expressions, evaluated in UTC. */
  fetchCron: string;
  consolidationCron: string;
  /** Run the cron triggers in this instance (several instances may; each run is claimed once). */
  scheduler: boolean;
  /** Process queued fetch tasks in this instance. */
  workers: boolean;
  cooldownSeconds: number;
  /** On-demand fetches one user may start per `userFetchWindowSeconds`. */
  userFetchLimit: number;
  userFetchWindowSeconds: number;
  userAgent: string;
  timeoutMs: number;
  retries: number;
  storeConcurrency: number;
  storeMinIntervalMs: number;
  /** Start the demonstration store server inside this process, on DEMO_STORE_URL's port. */
  demoServer: boolean;
}

export type MetadataSourceName = 'open-library' | 'google-books';

export interface MetadataConfig {
  /** Asked in this order for an ISBN's title, authors, …; empty with METADATA_SOURCES=off. */
  sources: MetadataSourceName[];
  openLibraryUrl: string;
  googleBooksUrl: string;
  /** Sent to Google Books as `key`; never logged. */
  googleBooksApiKey: string | null;
  /** Per source: at least this long between two request starts. */
  minIntervalMs: number;
  timeoutMs: number;
  retries: number;
  /** FETCH_USER_AGENT: the services are told who asks, as the stores are. */
  userAgent: string;
  /** Start the demonstration metadata server inside the service at this URL; null: do not. */
  demoServerUrl: string | null;
}

export interface WebConfig {
  /** The web UI's development sign-in (`POST /dev/sign-in` mints HS256 tokens); never in production. */
  devSignIn: boolean;
}

export interface MailConfig {
  smtpUrl: string | null;
  from: string;
}

export interface ChannelsConfig {
  /**
   * CHANNEL_ALLOW_PRIVATE: users' channel targets may point at loopback, private, link-local, unique-local and cloud
   * metadata addresses (a receiver on the operator's own network). Off by default: a user could otherwise make the
   * service call into that network.
   */
  allowPrivate: boolean;
  /** CHANNEL_RETRY_LIMIT: further attempts of a message whose receiver failed in a way that may pass. */
  retryLimit: number;
  /** CHANNEL_RETRY_DELAY: seconds before the first retry; each next one waits twice as long. */
  retryDelaySeconds: number;
  /** DIGEST_CRON: when the daily-digest e-mails of the days before go out (cron, UTC). */
  digestCron: string;
}

export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /** One line per request on stdout (method, masked path, status, duration, request id). */
  accessLog: boolean;
  database: DatabaseConfig;
  dbPoolMax: number;
  /** After SIGTERM/SIGINT, how long responses in flight and fetch bundles in hand get to finish (SHUTDOWN_GRACE_MS). */
  shutdownGraceMs: number;
  auth: AuthConfig;
  logging: LoggingConfig;
  stores: StoresConfig;
  pricing: PricingConfig;
  metadata: MetadataConfig;
  mail: MailConfig;
  web: WebConfig;
  channels: ChannelsConfig;
}

/** Which process reads the configuration: only the API needs JWT settings, only the component an intake secret. */
export type ProcessRole = 'api' | 'logging-component' | 'log-maintenance';

/** Reads and validates every variable; throws one ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, role: ProcessRole = 'api'): AppConfig {
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
  if (algorithms.includes('HS256') && secret === undefined && database.kind === 'external' && role === 'api') {
    r.fail('JWT_SECRET', 'is required when DATABASE_URL is set (or set JWT_PUBLIC_KEY / JWT_JWKS_URL)');
  }
  const devSignIn = r.oneOf('DEV_SIGN_IN', ['on', 'off'] as const, 'off') === 'on';
  if (devSignIn && nodeEnv === 'production') r.fail('DEV_SIGN_IN', 'must be off in production: it hands a token to anyone who asks');
  if (devSignIn && !algorithms.includes('HS256')) r.fail('DEV_SIGN_IN', 'needs HS256: development tokens are signed with the HS256 secret');

  const demoStoreUrl = (r.url('DEMO_STORE_URL', ['http:', 'https:']) ?? 'http://127.0.0.1:3100').replace(/\/+$/, '');
  const storesFile = r.string('STORES_FILE');
  const recipes = storeRecipes(r, storesFile, demoStoreUrl);
  const stores: StoresConfig = {
    demoStores: r.oneOf('DEMO_STORES', ['on', 'off'] as const, nodeEnv === 'production' ? 'off' : 'on') === 'on',
    demoStoreUrl,
    // Unchecked while STORES_FILE is broken: its stores are unknown, and that error is the one to fix first.
    enabledStores: recipes ? r.list('ENABLED_STORES', recipes.filter((s) => !s.demo).map((s) => s.key), []) : [],
    storesFile: storesFile ?? null,
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
    userFetchLimit: r.int('FETCH_USER_LIMIT', { min: 1, max: 10_000, fallback: 30 }),
    userFetchWindowSeconds: r.duration('FETCH_USER_WINDOW', { min: 1, max: 7 * 24 * 3600, fallback: 600 }),
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
  const logging = loggingConfig(r, cron, smtpUrl);
  if (role === 'logging-component' && logging.sharedSecret === null) r.fail('LOG_SHARED_SECRET', 'is required by the logging component (POST /log)');
  const mail: MailConfig = { smtpUrl, from: r.string('MAIL_FROM') ?? 'Shelfwatch <shelfwatch@localhost>' };

  const config: AppConfig = {
    nodeEnv,
    host: r.string('HOST') ?? '0.0.0.0',
    port: r.int('PORT', { min: 0, max: 65535, fallback: 3000 }),
    // Tests make thousands of requests: their output stays readable unless a test turns it on.
    accessLog: r.oneOf('ACCESS_LOG', ['on', 'off'] as const, nodeEnv === 'test' ? 'off' : 'on') === 'on',
    database,
    dbPoolMax: r.int('DB_POOL_MAX', { min: 1, max: 200, fallback: 10 }),
    shutdownGraceMs: r.int('SHUTDOWN_GRACE_MS', { min: 0, max: 600_000, fallback: 25_000 }),
    auth: {
      algorithms,
      secret: secret ?? null,
      publicKey: publicKey ?? null,
      jwksUrl: jwksUrl ?? null,
      issuer: r.string('JWT_ISSUER') ?? null,
      audience: r.string('JWT_AUDIENCE') ?? null,
      // 30 days by default: the development CLI's tokens last exactly that long. Up to a year, so "never expires" is not an option.
      maxAgeSeconds: r.duration('JWT_MAX_AGE', { min: 60, max: 365 * 24 * 3600, fallback: 30 * 24 * 3600 }),
    },
    logging,
    stores,
    pricing,
    metadata: metadataConfig(r, nodeEnv, pricing.userAgent),
    mail,
    web: { devSignIn },
    channels: {
      allowPrivate: r.oneOf('CHANNEL_ALLOW_PRIVATE', ['on', 'off'] as const, 'off') === 'on',
      retryLimit: r.int('CHANNEL_RETRY_LIMIT', { min: 0, max: 20, fallback: 5 }),
      retryDelaySeconds: r.int('CHANNEL_RETRY_DELAY', { min: 1, max: 86_400, fallback: 30 }),
      digestCron: cron('DIGEST_CRON', '0 6 * * *'),
    },
  };
  r.throwIfFailed();
  return config;
}

type EnvReader = ReturnType<typeof readEnv>;

/** The shipped store recipes and STORES_FILE's; null when STORES_FILE is invalid (each problem reported). */
function storeRecipes(r: EnvReader, storesFile: string | undefined, demoStoreUrl: string): StoreRecipe[] | null {
  try {
    return loadStoreRecipes({ storesFile, demoStoreUrl });
  } catch (error) {
    // Broken shipped recipes are a bug of the release, not a setting: they fail loudly as they are.
    if (!(error instanceof StoreRecipeError) || storesFile === undefined) throw error;
    for (const problem of error.problems) r.fail('STORES_FILE', `is invalid: ${problem}`);
    return null;
  }
}

/** Milliseconds from `300` (seconds), `500ms`, `90s`, `5m` or `1h`. */
function durationMs(r: EnvReader, name: string, opts: { minMs: number; maxMs: number; fallbackMs: number }): number {
  const value = r.string(name);
  if (value === undefined) return opts.fallbackMs;
  const match = /^(\d+)\s*(ms|s|m|h)?$/.exec(value);
  const ms = match ? Number(match[1]) * ({ ms: 1, s: 1000, m: 60_000, h: 3_600_000 } as const)[(match[2] ?? 's') as 'ms' | 's' | 'm' | 'h'] : NaN;
  if (!match || ms < opts.minMs || ms > opts.maxMs) {
    r.fail(name, `must be a duration such as 300, 500ms, 90s, 5m or 1h (a bare number is seconds), from ${opts.minMs} ms to ${opts.maxMs / 1000} s (got "${value}")`);
    return opts.fallbackMs;
  }
  return ms;
}

/** A secret or token: long enough to resist guessing. */
function secret(r: EnvReader, name: string): string | null {
  const value = r.string(name);
  if (value !== undefined && value.length < 16) r.fail(name, 'must be at least 16 characters long');
  return value ?? null;
}

/** The logging component: mode, intake and viewer credentials, buffer, maintainer alerts, retention. */
function loggingConfig(r: EnvReader, cron: (name: string, fallback: string) => string, smtpUrl: string | null): LoggingConfig {
  const mode = r.oneOf('LOGGING_MODE', ['in-process', 'remote'] as const, 'in-process');
  const url = r.url('LOGGING_URL', ['http:', 'https:']);
  const sharedSecret = secret(r, 'LOG_SHARED_SECRET');
  if (mode === 'remote' && url === undefined) r.fail('LOGGING_URL', 'is required when LOGGING_MODE=remote');
  if (mode === 'remote' && sharedSecret === null) r.fail('LOG_SHARED_SECRET', 'is required when LOGGING_MODE=remote');
  const emailTo = r.string('ALERT_EMAIL_TO') ?? null;
  if (emailTo !== null && !/^[^\s@,]+@[^\s@,]+$/.test(emailTo)) r.fail('ALERT_EMAIL_TO', `must be one e-mail address (got "${emailTo}")`);
  if (emailTo !== null && smtpUrl === null) r.fail('ALERT_EMAIL_TO', 'needs SMTP_URL to send through');
  return {
    mode,
    url: url?.replace(/\/+$/, '') ?? null,
    sharedSecret,
    viewerToken: secret(r, 'LOG_VIEWER_TOKEN'),
    port: r.int('LOGGING_PORT', { min: 0, max: 65535, fallback: 3001 }),
    flushMs: r.int('LOG_FLUSH_MS', { min: 10, max: 60_000, fallback: 2000 }),
    batchMax: r.int('LOG_BATCH_MAX', { min: 1, max: 10_000, fallback: 500 }),
    bufferMax: r.int('LOG_BUFFER_MAX', { min: 10, max: 1_000_000, fallback: 10_000 }),
    alerts: {
      webhookUrl: r.url('ALERT_WEBHOOK_URL', ['http:', 'https:']) ?? null,
      emailTo,
      groupWindowMs: durationMs(r, 'ALERT_GROUP_WINDOW', { minMs: 100, maxMs: 24 * 3_600_000, fallbackMs: 300_000 }),
      apiErrorThreshold: r.int('API_ERROR_ALERT_THRESHOLD', { min: 0, max: 1_000_000, fallback: 10 }),
      apiErrorWindowMs: durationMs(r, 'API_ERROR_ALERT_WINDOW', { minMs: 100, maxMs: 24 * 3_600_000, fallbackMs: 300_000 }),
    },
    retention: {
      days: r.int('LOG_RETENTION_DAYS', { min: 1, max: 36_500, fallback: 90 }),
      cron: cron('LOG_RETENTION_CRON', '0 4 * * *'),
      batchSize: r.int('LOG_RETENTION_BATCH', { min: 1, max: 100_000, fallback: 5000 }),
    },
  };
}

/** Where the demonstration metadata server listens (`npm run demo-metadata`); development and tests ask it by default. */
export const DEMO_METADATA_URL = 'http://127.0.0.1:3101';

/**
 * ISBN metadata sources (docs/metadata-sources.md). Production asks the real services; development and tests ask the
 * demonstration server unless told otherwise, so no ISBN leaves the machine by default while developing.
 */
function metadataConfig(r: EnvReader, nodeEnv: AppConfig['nodeEnv'], userAgent: string): MetadataConfig {
  const names = r.list('METADATA_SOURCES', ['open-library', 'google-books', 'off'] as const, ['open-library', 'google-books']);
  if (names.includes('off') && names.length > 1) r.fail('METADATA_SOURCES', `"off" cannot be combined with a source (got "${names.join(',')}")`);
  if (new Set(names).size < names.length) r.fail('METADATA_SOURCES', `names a source twice (got "${names.join(',')}")`);
  const sources = names.filter((name): name is MetadataSourceName => name !== 'off');
  const local = nodeEnv !== 'production';
  const url = (name: string, production: string): string =>
    (r.url(name, ['http:', 'https:']) ?? (local ? DEMO_METADATA_URL : production)).replace(/\/+$/, '');
  const openLibraryUrl = url('OPEN_LIBRARY_URL', 'https://openlibrary.org');
  const googleBooksUrl = url('GOOGLE_BOOKS_URL', 'https://www.googleapis.com');
  const asksDemo = sources.some((s) => (s === 'open-library' ? openLibraryUrl : googleBooksUrl) === DEMO_METADATA_URL);
  const demoServer = r.oneOf('METADATA_DEMO_SERVER', ['on', 'off'] as const, nodeEnv === 'development' && asksDemo ? 'on' : 'off') === 'on';
  if (demoServer && nodeEnv === 'production') r.fail('METADATA_DEMO_SERVER', 'must be off in production: it answers invented books');
  return {
    sources,
    openLibraryUrl,
    googleBooksUrl,
    googleBooksApiKey: r.string('GOOGLE_BOOKS_API_KEY') ?? null,
    minIntervalMs: r.int('METADATA_MIN_INTERVAL_MS', { min: 0, max: 60_000, fallback: 1000 }),
    timeoutMs: r.int('METADATA_TIMEOUT_MS', { min: 100, max: 60_000, fallback: 5000 }),
    retries: r.int('METADATA_RETRIES', { min: 0, max: 5, fallback: 2 }),
    userAgent,
    demoServerUrl: demoServer ? DEMO_METADATA_URL : null,
  };
}
