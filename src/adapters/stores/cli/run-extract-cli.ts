import type { PoliteHttpClient } from '../polite-http-client.js';
import type { StoreRecipe } from '../recipes/recipe-types.js';
import type { PageExplainer } from '../store-page-reader.js';
import { runBatch } from './batch-run.js';
import { parseCliArgs, UsageError, USAGE, type CliOptions } from './cli-options.js';
import type { RecipeCatalogue } from './extraction-settings.js';
import { humanReport } from './human-report.js';
import { readInput } from './input-reading.js';
import { inputJson } from './json-output.js';
import { progressLine, type ProgressStream } from './progress-line.js';

export const EXIT_OK = 0;
export const EXIT_UNREAD = 1;
export const EXIT_USAGE = 2;

export interface OutputStream {
  write(text: string): boolean;
  once(event: 'drain', listener: () => void): unknown;
}

export interface CliEnvironment {
  stdout: OutputStream;
  stderr: ProgressStream;
  /** The store recipes: shipped ones, plus the operator's (`--stores-file`, else the configured one). Throws on a bad file. */
  loadCatalogue: (storesFile: string | undefined) => RecipeCatalogue;
  http: () => PoliteHttpClient;
  explainer?: PageExplainer;
}

/** `npm run extract`: reads the pages, prints the readings, answers the exit code (0 read — a batch whose bad lines were answered in-band too — 1 unread, 2 usage). */
export async function runExtractCli(argv: readonly string[], env: CliEnvironment): Promise<number> {
  const writeLine = lineWriter(env.stdout);
  let options: CliOptions;
  let catalogue: RecipeCatalogue;
  try {
    options = parseCliArgs(argv);
    if (options.help) {
      await writeLine(USAGE);
      return EXIT_OK;
    }
    catalogue = loadCatalogue(env, options.storesFile);
    if (options.store !== undefined && !catalogue.recipes.some((recipe) => recipe.key === options.store)) {
      throw new UsageError(`unknown store ${JSON.stringify(options.store)}: \`npm run extract -- --list-stores\` lists the store keys`);
    }
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    env.stderr.write(`extract: ${error.message}\n(npm run extract -- --help shows the options)\n`);
    return EXIT_USAGE;
  }
  if (options.listStores) {
    for (const recipe of catalogue.recipes) await writeLine(storeLine(recipe));
    return EXIT_OK;
  }
  return options.batch !== undefined ? batch(options.batch, options, catalogue, env, writeLine) : inputs(options, catalogue, env, writeLine);
}

function loadCatalogue(env: CliEnvironment, storesFile: string | undefined): RecipeCatalogue {
  try {
    return env.loadCatalogue(storesFile);
  } catch (error) {
    throw new UsageError(`the store recipes cannot be loaded: ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function inputs(options: CliOptions, catalogue: RecipeCatalogue, env: CliEnvironment, writeLine: LineWriter): Promise<number> {
  const progress = progressLine(env.stderr, options.inputs.length > 1);
  let unread = 0;
  for (const [index, input] of options.inputs.entries()) {
    progress.show(`[${index + 1}/${options.inputs.length}] ${input}`);
    const reading = await readInput(input, options, { catalogue, http: env.http, ...(env.explainer ? { explainer: env.explainer } : {}) });
    if (!reading.read) unread++;
    progress.clear();
    if (options.json) await writeLine(JSON.stringify(inputJson(reading)));
    else await writeLine(`${index > 0 ? '\n' : ''}${humanReport(reading)}`);
  }
  return unread > 0 ? EXIT_UNREAD : EXIT_OK;
}

async function batch(file: string, options: CliOptions, catalogue: RecipeCatalogue, env: CliEnvironment, writeLine: LineWriter): Promise<number> {
  const progress = progressLine(env.stderr, true);
  try {
    const summary = await runBatch(file, options, {
      catalogue,
      writeLine,
      onCase: (cases) => progress.show(`${cases} cases read`),
      ...(env.explainer ? { explainer: env.explainer } : {}),
    });
    progress.clear();
    // Bad lines are answered in-band (`bad_input`), one line per case: the batch itself was read.
    if (summary.badInput > 0) env.stderr.write(`extract: ${summary.badInput} of ${summary.cases} cases were bad input\n`);
    return EXIT_OK;
  } catch (error) {
    progress.clear();
    const code = (error as { code?: unknown }).code;
    if (typeof code !== 'string') throw error;
    env.stderr.write(`extract: cannot read the batch file ${file}: ${error instanceof Error ? error.message : code}\n`);
    return EXIT_UNREAD;
  }
}

function storeLine(recipe: StoreRecipe): string {
  return [recipe.key, recipe.currency, recipe.name, recipe.hosts.join(',') || '(no hosts)'].join('\t');
}

type LineWriter = (line: string) => Promise<void>;

/** Writes a line and waits while stdout's reader catches up, so a large batch never piles up in memory. */
function lineWriter(stream: OutputStream): LineWriter {
  return (line) =>
    new Promise((resolve) => {
      if (stream.write(`${line}\n`)) resolve();
      else stream.once('drain', resolve);
    });
}
