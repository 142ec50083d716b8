// Child processes of the benchmarks: their environment (nothing of the caller's own service configuration leaks in)
// and `node --import tsx <script>` started from the repository root, ready once it says it is listening.
import { type ChildHandle, startNodeChild } from '../processes.js';
import { ROOT } from './knobs.js';

/** The API service's entry, as `npm start` runs it. */
export const API_SERVICE_ENTRY = 'src/composition/entries/api-service.ts';

/** Variables of the service's own configuration that no child inherits: prefixes, or whole names ending in `$`. */
const SERVICE_CONFIG = ['DATABASE_URL', 'DB_POOL_MAX', 'JWT_', 'DATA_DIR', 'EMBEDDED_PG_PORT', 'LOG_', 'HOST$', 'PORT$', 'NODE_ENV$', 'BENCH_'];

/** The stores', scheduler's, fetch workers' and mail settings, which a child of a user-facing benchmark inherits neither. */
export const STORE_AND_JOB_CONFIG = ['DEMO_', 'ENABLED_STORES$', 'SCHEDULER$', 'FETCH_', 'STORE_', 'SMTP_', 'MAIL_'];

/**
 * The environment of a child: the caller's, without the service configuration (SERVICE_CONFIG and `alsoDrop`, in the
 * same notation) that would leak into the measured process, plus `values`.
 */
export function childEnv(values: Record<string, string>, alsoDrop: readonly string[] = []): NodeJS.ProcessEnv {
  const dropped = new RegExp(`^(${[...SERVICE_CONFIG, ...alsoDrop].join('|')})`);
  const env = { ...process.env };
  for (const name of Object.keys(env)) {
    if (dropped.test(name)) delete env[name];
  }
  return { ...env, ...values };
}

/** What every service child is told: its database, JWT secret and port, on 127.0.0.1, in production mode; then `more`. */
export function serviceSettings(databaseUrl: string, secret: string, port: number, more: Record<string, string> = {}): Record<string, string> {
  return { DATABASE_URL: databaseUrl, JWT_SECRET: secret, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production', ...more };
}

export interface TsxChildOptions {
  name: string;
  /** The script, relative to the repository root. */
  script: string;
  env: NodeJS.ProcessEnv;
  say: (line: string) => void;
  /** Node options before `--import tsx`. */
  nodeArgs?: string[];
  /** Arguments after the script. */
  scriptArgs?: string[];
  /** Default /listening/. */
  ready?: RegExp;
  /** Default 120 s. */
  timeoutMs?: number;
}

/** Starts `node [nodeArgs] --import tsx <script> [scriptArgs]` in the repository root (processes.ts). */
export function startTsxChild(options: TsxChildOptions): Promise<ChildHandle> {
  return startNodeChild({
    name: options.name,
    args: [...(options.nodeArgs ?? []), '--import', 'tsx', options.script, ...(options.scriptArgs ?? [])],
    cwd: ROOT,
    env: options.env,
    ready: options.ready ?? /listening/,
    timeoutMs: options.timeoutMs ?? 120_000,
    say: options.say,
  });
}

/** Starts the API service as the child named "service"; `args`, when given, replace its whole node command line. */
export function startApiService(options: { env: NodeJS.ProcessEnv; say: (line: string) => void; nodeArgs?: string[]; args?: string[] }): Promise<ChildHandle> {
  if (options.args) {
    return startNodeChild({ name: 'service', args: options.args, cwd: ROOT, env: options.env, ready: /listening/, timeoutMs: 120_000, say: options.say });
  }
  return startTsxChild({ name: 'service', script: API_SERVICE_ENTRY, env: options.env, say: options.say, nodeArgs: options.nodeArgs });
}
