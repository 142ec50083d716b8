// The one module that reads the environment. Everything else receives an AppConfig.
import { Cron } from 'croner';
import { hostname } from 'node:os';
import { loadStoreRecipes, type StoreRecipe, StoreRecipeError } from '../src/adapters/stores/recipes/store-recipes.js';
import { ConfigError, readEnv } from './env-reader.js';
import { INSTANCE_NAME } from '../src/domain/logging/log-event.js';

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

/**
 * OpenID Connect sign-in in the browser (a public client: authorization code with PKCE, no secret). The service
 * verifies the provider's ID tokens with the JWT settings derived from it: keys from the discovery document's
 * `jwks_uri` (or JWT_JWKS_URL), `iss` = the issuer, `aud` = the client id (or JWT_AUDIENCE).
 */
export interface OidcConfig {
  /** OIDC_ISSUER exactly as given: tokens' `iss` and the discovery document's `issuer` must equal it. */
  issuer: string;
  clientId: string;
  /** OIDC_SCOPES, always including `openid`. */
  scopes: string[];
  /** OIDC_PROVIDER_NAME: shown on the button ("Sign in with Authelia"); the issuer's host when unset. */
  providerName: string;
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
  /** INSTANCE_ID (default: the host name): written with every event this process logs, to tell instances apart. */
  instance: string;
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
  /**
   * ALERT_CONFIRM_DROP_PERCENT: a drop of more than this many percent that would raise an alert is read once more
   * before the alert goes out (docs/pricing.md); null (`0` or `off`) never reads twice.
   */
  alertConfirmDropPercent?: number | null;
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

/** Borrow or buy: whether wished books can be borrowed as e-books from Open Library's lending programme (docs/borrowing.md). */
export interface LendingConfig {
  /** LENDING: check with the metadata enrichment (off in tests, and by default with METADATA_SOURCES=off). */
  enabled: boolean;
  /** OPEN_LIBRARY_URL: the Read API is Open Library's, beside its Books API. */
  url: string;
  /** LENDING_CRON: when an enrichment run is queued for the books due (cron, UTC). */
  cron: string;
  /** LENDING_REFRESH: a book is checked again once its last check is this old. */
  refreshAfterSeconds: number;
}

/** Reference exchange rates for prices in the reader's currency (C11.4; docs/pricing.md). */
export interface ExchangeRatesConfig {
  /** FX_RATES: fetch the rates (on by default; off in tests, which start their own rates server). */
  enabled: boolean;
  /** FX_RATES_URL: the folder holding eurofxref-daily.xml and eurofxref-hist-90d.xml, ending in `/`. */
  url: string;
  /** FX_RATES_CRON: when the day's rates are fetched (UTC); the ECB publishes around 16:00 CET on working days. */
  cron: string;
  timeoutMs: number;
  userAgent: string;
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
  /** OIDC sign-in (OIDC_ISSUER, OIDC_CLIENT_ID); null: none, the JWT settings alone decide. */
  oidc: OidcConfig | null;
  logging: LoggingConfig;
  stores: StoresConfig;
  pricing: PricingConfig;
  metadata: MetadataConfig;
  lending: LendingConfig;
  exchangeRates: ExchangeRatesConfig;
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
  const oidc = oidcConfig(r, { publicKey, jwtIssuer: r.string('JWT_ISSUER') });
  // An OIDC provider signs its ID tokens with the keys of its JWKS (RS256 unless JWT_ALGORITHMS says otherwise).
  const asymmetric = publicKey !== undefined || jwksUrl !== undefined || oidc !== null;
  const algorithms = r.list('JWT_ALGORITHMS', ['HS256', 'RS256', 'ES256'] as const, asymmetric ? ['RS256'] : ['HS256']);
  if (algorithms.includes('HS256') && asymmetric) {
    r.fail('JWT_ALGORITHMS', `HS256 cannot be combined with ${oidc ? 'OIDC_ISSUER' : 'JWT_PUBLIC_KEY or JWT_JWKS_URL'} (algorithm confusion)`);
  }
  if (!algorithms.includes('HS256') && !asymmetric) {
    r.fail('JWT_ALGORITHMS', 'RS256/ES256 need JWT_PUBLIC_KEY or JWT_JWKS_URL');
  }
  if (algorithms.includes('HS256') && secret === undefined && database.kind === 'external' && role === 'api') {
    r.fail('JWT_SECRET', 'is required when DATABASE_URL is set (or set JWT_PUBLIC_KEY / JWT_JWKS_URL)');
  }
  const devSignIn = r.oneOf('DEV_SIGN_IN', ['on', 'off'] as const, 'off') === 'on';
  if (devSignIn && nodeEnv === 'production') r.fail('DEV_SIGN_IN', 'must be off in production: it hands a token to anyone who asks');
  if (devSignIn && oidc) r.fail('DEV_SIGN_IN', 'cannot be combined with OIDC_ISSUER: development tokens are HS256, the provider\'s are verified with its public keys');
  else if (devSignIn && !algorithms.includes('HS256')) r.fail('DEV_SIGN_IN', 'needs HS256: development tokens are signed with the HS256 secret');

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
    alertConfirmDropPercent: confirmDropPercent(r),
  };
  pricing.demoServer =
    r.oneOf('DEMO_STORE_SERVER', ['on', 'off'] as const, stores.demoStores && nodeEnv === 'development' ? 'on' : 'off') === 'on';
  const smtpUrl = r.url('SMTP_URL', ['smtp:', 'smtps:']) ?? null;
  const logging = loggingConfig(r, cron, smtpUrl);
  if (role === 'logging-component' && logging.sharedSecret === null) r.fail('LOG_SHARED_SECRET', 'is required by the logging component (POST /log)');
  const mail: MailConfig = { smtpUrl, from: r.string('MAIL_FROM') ?? 'Shelfwatch <shelfwatch@localhost>' };

  const exchangeRates = exchangeRatesConfig(r, nodeEnv, cron, pricing.userAgent);
  const metadata = metadataConfig(r, nodeEnv, pricing.userAgent, exchangeRates);
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
    oidc,
    logging,
    stores,
    pricing,
    metadata,
    lending: lendingConfig(r, nodeEnv, cron, metadata),
    exchangeRates,
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

/** RFC 6749 scope-token: printable ASCII but space, `"` and `\\`. */
const SCOPE_TOKEN = /^[\x21\x23-\x5B\x5D-\x7E]+$/;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

/**
 * OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_SCOPES, OIDC_PROVIDER_NAME; null when neither issuer nor client id is set. The
 * issuer is https (http only on a loopback host, for tests and a provider on the same machine): the browser sends
 * the user's password there and the tokens come back from it.
 */
function oidcConfig(r: EnvReader, jwt: { publicKey: string | undefined; jwtIssuer: string | undefined }): OidcConfig | null {
  const issuer = r.string('OIDC_ISSUER');
  const clientId = r.string('OIDC_CLIENT_ID');
  const scopesText = r.string('OIDC_SCOPES');
  const providerName = r.string('OIDC_PROVIDER_NAME');
  if (issuer === undefined && clientId === undefined) {
    if (scopesText !== undefined) r.fail('OIDC_SCOPES', 'needs OIDC_ISSUER and OIDC_CLIENT_ID');
    if (providerName !== undefined) r.fail('OIDC_PROVIDER_NAME', 'needs OIDC_ISSUER and OIDC_CLIENT_ID');
    return null;
  }
  if (issuer === undefined) r.fail('OIDC_ISSUER', 'is required with OIDC_CLIENT_ID (the provider\'s issuer URL, e.g. https://auth.example.com)');
  if (clientId === undefined) r.fail('OIDC_CLIENT_ID', 'is required with OIDC_ISSUER (the client id Shelfwatch is registered under)');
  let host = '';
  if (issuer !== undefined) {
    let url: URL | null = null;
    try {
      url = new URL(issuer);
    } catch {
      r.fail('OIDC_ISSUER', `must be a URL such as https://auth.example.com (got "${issuer}")`);
    }
    if (url) {
      host = url.host;
      if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname))) {
        r.fail('OIDC_ISSUER', `must start with https:// (http:// only for 127.0.0.1, [::1] or localhost; got "${issuer}")`);
      }
      if (url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') {
        r.fail('OIDC_ISSUER', `must have no query, fragment or credentials (got "${issuer}")`);
      }
    }
  }
  if (clientId !== undefined && !/^[\x21-\x7E]{1,255}$/.test(clientId)) {
    r.fail('OIDC_CLIENT_ID', 'must be 1 to 255 printable characters without spaces');
  }
  const scopes = (scopesText ?? 'openid profile email').split(/[\s,]+/).filter(Boolean);
  if (scopesText !== undefined) {
    const bad = scopes.filter((scope) => !SCOPE_TOKEN.test(scope));
    if (bad.length > 0) r.fail('OIDC_SCOPES', `must be scope names separated by spaces (got "${scopesText}")`);
    else if (!scopes.includes('openid')) r.fail('OIDC_SCOPES', `must include openid (got "${scopesText}")`);
  }
  if (providerName !== undefined && (providerName.length > 60 || /\p{Cc}/u.test(providerName))) {
    r.fail('OIDC_PROVIDER_NAME', 'must be at most 60 characters without control characters');
  }
  // The provider's keys come from its JWKS; a fixed key or another issuer would refuse every token it signs.
  if (jwt.publicKey !== undefined) r.fail('JWT_PUBLIC_KEY', 'cannot be combined with OIDC_ISSUER: the provider\'s keys come from its JWKS (discovery, or JWT_JWKS_URL)');
  if (jwt.jwtIssuer !== undefined && issuer !== undefined && jwt.jwtIssuer !== issuer) {
    r.fail('JWT_ISSUER', `contradicts OIDC_ISSUER ("${jwt.jwtIssuer}" vs "${issuer}"): leave JWT_ISSUER unset, the issuer is OIDC_ISSUER`);
  }
  if (issuer === undefined || clientId === undefined) return null;
  return { issuer, clientId, scopes: [...new Set(scopes)], providerName: providerName ?? host };
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
/** INSTANCE_ID, or this machine's host name (a container's id under Docker) made to fit the same rule. */
function instanceId(r: EnvReader): string {
  const given = r.string('INSTANCE_ID');
  if (given === undefined) return hostname().replace(/[^A-Za-z0-9._:-]/g, '-').replace(/^[^A-Za-z0-9]+/, '').slice(0, 63) || 'shelfwatch';
  if (!INSTANCE_NAME.test(given)) r.fail('INSTANCE_ID', `must be 1 to 63 letters, digits, . _ : - starting with a letter or digit (got "${given}")`);
  return given;
}

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
    instance: instanceId(r),
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

/** The demonstration rates, served by the demonstration metadata server. */
export const DEMO_FX_RATES_URL = `${DEMO_METADATA_URL}/ecb/`;

/**
 * FX_RATES, FX_RATES_URL, FX_RATES_CRON. Production asks the European Central Bank; development the demonstration
 * rates. Tests start their own rates server, so the rates are off there unless a test turns them on.
 */
function exchangeRatesConfig(r: EnvReader, nodeEnv: AppConfig['nodeEnv'], cron: (name: string, fallback: string) => string, userAgent: string): ExchangeRatesConfig {
  const enabled = r.oneOf('FX_RATES', ['on', 'off'] as const, nodeEnv === 'test' ? 'off' : 'on') === 'on';
  const given = r.url('FX_RATES_URL', ['http:', 'https:']);
  const url = given ?? (nodeEnv === 'production' ? 'https://www.ecb.europa.eu/stats/eurofxref/' : DEMO_FX_RATES_URL);
  return {
    enabled,
    url: url.endsWith('/') ? url : `${url}/`,
    cron: cron('FX_RATES_CRON', '0 16 * * 1-5'),
    timeoutMs: r.int('FX_RATES_TIMEOUT_MS', { min: 100, max: 120_000, fallback: 15_000 }),
    userAgent,
  };
}

/**
 * LENDING, LENDING_CRON, LENDING_REFRESH (docs/borrowing.md). The check runs with the metadata enrichment, so it needs
 * a metadata source; tests start their own servers, so it is off there unless a test turns it on.
 */
function lendingConfig(r: EnvReader, nodeEnv: AppConfig['nodeEnv'], cron: (name: string, fallback: string) => string, metadata: MetadataConfig): LendingConfig {
  const withSources = metadata.sources.length > 0;
  const enabled = r.oneOf('LENDING', ['on', 'off'] as const, nodeEnv === 'test' || !withSources ? 'off' : 'on') === 'on';
  if (enabled && !withSources) r.fail('LENDING', 'needs a metadata source: the lending check runs with the metadata enrichment (METADATA_SOURCES is off)');
  return {
    enabled,
    url: metadata.openLibraryUrl,
    cron: cron('LENDING_CRON', '20 * * * *'),
    refreshAfterSeconds: r.duration('LENDING_REFRESH', { min: 3600, max: 30 * 24 * 3600, fallback: 24 * 3600 }),
  };
}

/**
 * ISBN metadata sources (docs/metadata-sources.md). Production asks the real services; development and tests ask the
 * demonstration server unless told otherwise, so no ISBN leaves the machine by default while developing.
 */
function metadataConfig(r: EnvReader, nodeEnv: AppConfig['nodeEnv'], userAgent: string, exchangeRates: ExchangeRatesConfig): MetadataConfig {
  const names = r.list('METADATA_SOURCES', ['open-library', 'google-books', 'off'] as const, ['open-library', 'google-books']);
  if (names.includes('off') && names.length > 1) r.fail('METADATA_SOURCES', `"off" cannot be combined with a source (got "${names.join(',')}")`);
  if (new Set(names).size < names.length) r.fail('METADATA_SOURCES', `names a source twice (got "${names.join(',')}")`);
  const sources = names.filter((name): name is MetadataSourceName => name !== 'off');
  const local = nodeEnv !== 'production';
  const url = (name: string, production: string): string =>
    (r.url(name, ['http:', 'https:']) ?? (local ? DEMO_METADATA_URL : production)).replace(/\/+$/, '');
  const openLibraryUrl = url('OPEN_LIBRARY_URL', 'https://openlibrary.org');
  const googleBooksUrl = url('GOOGLE_BOOKS_URL', 'https://www.googleapis.com');
  // The demonstration server also publishes the demonstration exchange rates (FX_RATES_URL's default outside production).
  const asksDemo =
    sources.some((s) => (s === 'open-library' ? openLibraryUrl : googleBooksUrl) === DEMO_METADATA_URL) ||
    (exchangeRates.enabled && exchangeRates.url === DEMO_FX_RATES_URL);
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

/** ALERT_CONFIRM_DROP_PERCENT: a whole percentage 1..99 (default 40); `0` or `off` turns the second reading off. */
function confirmDropPercent(r: ReturnType<typeof readEnv>): number | null {
  const value = r.string('ALERT_CONFIRM_DROP_PERCENT');
  if (value === undefined) return 40;
  if (value.toLowerCase() === 'off') return null;
  if (!/^\d{1,2}$/.test(value)) {
    r.fail('ALERT_CONFIRM_DROP_PERCENT', `must be a whole percentage from 0 to 99, or off (got "${value}")`);
    return 40;
  }
  const percent = Number(value);
  return percent === 0 ? null : percent;
}
