// Runs the demonstration store server on its own: `npx tsx scripts/demo-stores.ts [--port 3100] [--host 127.0.0.1]
// [--latency 0] [--seed shelfwatch]`. The port defaults to 3100, the port of the default DEMO_STORE_URL; pass
// `--port` to match another DEMO_STORE_URL (options come from the command line only).
import { startDemoStoreServer } from '../src/adapters/demo/stores/index.js';
import { closeOnSignal } from './close-on-signal.js';

const DEFAULT_PORT = 3100;

interface CliOptions {
  port: number;
  host: string;
  latencyMs: number;
  seed: string | undefined;
}

function parseArgs(args: readonly string[]): CliOptions {
  const values = new Map<string, string>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    if (!match?.[1]) throw new Error(`Unexpected argument ${arg}`);
    const value = match[2] ?? args[++i];
    if (value === undefined) throw new Error(`--${match[1]} needs a value`);
    values.set(match[1], value);
  }
  for (const key of values.keys()) {
    if (!['port', 'host', 'latency', 'seed'].includes(key)) throw new Error(`Unknown option --${key}`);
  }
  const integer = (name: string, fallback: number, max: number): number => {
    const raw = values.get(name);
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (!/^\d+$/.test(raw) || n > max) throw new Error(`--${name} must be a whole number from 0 to ${max}, not ${raw}`);
    return n;
  };
  return {
    port: integer('port', DEFAULT_PORT, 65_535),
    host: values.get('host') ?? '127.0.0.1',
    latencyMs: integer('latency', 0, 600_000),
    seed: values.get('seed'),
  };
}

async function main(args: readonly string[]): Promise<void> {
  const options = parseArgs(args);
  const server = await startDemoStoreServer(options);
  console.log(`Demonstration stores listening on ${server.url} (latency ${options.latencyMs} ms); open ${server.url}/ for the list`);
  closeOnSignal(server);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
