// Runs the demonstration metadata server on its own: `npx tsx scripts/demo-metadata.ts [--port 3101]
// [--host 127.0.0.1] [--google-api-key KEY]`. The port defaults to 3101, where OPEN_LIBRARY_URL and GOOGLE_BOOKS_URL
// point outside production; options come from the command line only.
import { startDemoMetadataServer } from '../src/adapters/demo/metadata/index.js';
import { closeOnSignal } from './close-on-signal.js';

const DEFAULT_PORT = 3101;

interface CliOptions {
  port: number;
  host: string;
  googleApiKey: string | undefined;
}

function parseArgs(args: readonly string[]): CliOptions {
  const values = new Map<string, string>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    if (!match?.[1]) throw new Error(`Unexpected argument ${arg}`);
    if (!['port', 'host', 'google-api-key'].includes(match[1])) throw new Error(`Unknown option --${match[1]}`);
    const value = match[2] ?? args[++i];
    if (value === undefined) throw new Error(`--${match[1]} needs a value`);
    values.set(match[1], value);
  }
  const port = values.get('port') ?? String(DEFAULT_PORT);
  if (!/^\d+$/.test(port) || Number(port) > 65_535) throw new Error(`--port must be a whole number from 0 to 65535, not ${port}`);
  return { port: Number(port), host: values.get('host') ?? '127.0.0.1', googleApiKey: values.get('google-api-key') };
}

async function main(args: readonly string[]): Promise<void> {
  const server = await startDemoMetadataServer(parseArgs(args));
  console.log(`Demonstration metadata (Open Library and Google Books formats) on ${server.url}; open ${server.url}/ for examples`);
  closeOnSignal(server);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
