// Reads store pages the way the daily fetch does and prints the decision and why:
// `npm run extract -- [options] <FILE|URL>...` or `--batch CASES.jsonl`; `--help` lists the options, docs/extract-cli.md explains.
// Settings come from the command line; fetch politeness (user agent, timeout, retries), STORES_FILE and DEMO_STORE_URL
// from the config module, which needs no database (--stores-file overrides STORES_FILE).
import { ConfigError, loadConfig, type AppConfig } from '../config/config.js';
import { EXIT_USAGE, runExtractCli } from '../src/adapters/stores/cli/run-extract-cli.js';
import { PoliteHttpClient } from '../src/adapters/stores/polite-http-client.js';
import { loadStoreRecipes, recipeForUrl } from '../src/adapters/stores/recipes/store-recipes.js';

function appConfig(): AppConfig | null {
  try {
    // The role that asks for no credentials: reading pages needs no JWT or logging secret.
    return loadConfig(process.env, 'log-maintenance');
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`extract: ${error.message}\n`);
    return null;
  }
}

async function main(argv: readonly string[]): Promise<number> {
  const config = appConfig();
  if (config === null) return EXIT_USAGE;
  let http: PoliteHttpClient | undefined;
  return runExtractCli(argv, {
    stdout: process.stdout,
    stderr: process.stderr,
    loadCatalogue: (storesFile) => {
      const recipes = loadStoreRecipes({ storesFile: storesFile ?? config.stores.storesFile ?? undefined, demoStoreUrl: config.stores.demoStoreUrl });
      return { recipes, forUrl: (url) => recipeForUrl(recipes, url) };
    },
    http: () =>
      (http ??= new PoliteHttpClient({
        userAgent: config.pricing.userAgent,
        timeoutMs: config.pricing.timeoutMs,
        retries: config.pricing.retries,
        concurrency: config.pricing.storeConcurrency,
        minIntervalMs: config.pricing.storeMinIntervalMs,
      })),
  });
}

// `npm run extract … | head` closes stdout early: that reader wants no more, which is no error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(process.exitCode ?? 0);
});

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exitCode = 1;
  },
);
