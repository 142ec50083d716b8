import { EXTRACTION_SOURCES, type ExtractionSelectors, type ExtractionSource } from '../extraction/types.js';
import { currencyCode, editionIdsOf, gtinOf, isbn13Of, offerChoiceOf, pageUrlOf, selectorOf, SettingsError, trustSourceOf } from './setting-values.js';

/** A mistake in the command line: the CLI prints it with a pointer to --help and exits 2. */
export class UsageError extends Error {}

/** What the operator asked for; every value already checked (ISBN as ISBN-13, GTIN canonical, currency upper-cased). */
export interface CliOptions {
  inputs: string[];
  /** The page address of FILE inputs (their host picks the store recipe). */
  url?: string;
  store?: string;
  currency?: string;
  isbn13?: string;
  /** The edition's GTIN (a product without an ISBN, or its other barcode), canonical form (`Gtin.canonical`). */
  gtin?: string;
  selectors: ExtractionSelectors;
  offerChoice?: 'first' | 'lowest';
  trust?: ExtractionSource;
  json: boolean;
  batch?: string;
  storesFile?: string;
  help: boolean;
  /** Print the store recipes' keys, names, currencies and hosts instead of reading pages. */
  listStores: boolean;
}

const VALUE_OPTIONS = [
  'url',
  'store',
  'currency',
  'isbn',
  'gtin',
  'selector-price',
  'selector-currency',
  'selector-availability',
  'offer-choice',
  'trust',
  'batch',
  'stores-file',
] as const;
type ValueOption = (typeof VALUE_OPTIONS)[number];
const FLAG_OPTIONS = ['json', 'help', 'list-stores'] as const;

/** Reads `[options] <FILE|URL>...`; `--name value` and `--name=value` both work, `--` ends the options. */
export function parseCliArgs(argv: readonly string[]): CliOptions {
  const values = new Map<ValueOption, string>();
  const flags = new Set<string>();
  const inputs: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--') {
      inputs.push(...argv.slice(i + 1));
      break;
    }
    if (arg === '-h') {
      flags.add('help');
      continue;
    }
    if (!arg.startsWith('--')) {
      inputs.push(arg);
      continue;
    }
    const [name = '', inline] = splitOnce(arg.slice(2), '=');
    if ((FLAG_OPTIONS as readonly string[]).includes(name)) {
      if (inline !== undefined) throw new UsageError(`--${name} takes no value`);
      flags.add(name);
      continue;
    }
    if (!(VALUE_OPTIONS as readonly string[]).includes(name)) throw new UsageError(`unknown option --${name}`);
    const value = inline ?? argv[++i];
    if (value === undefined || value === '') throw new UsageError(`--${name} needs a value`);
    if (values.has(name as ValueOption)) throw new UsageError(`--${name} is given twice`);
    values.set(name as ValueOption, value);
  }
  const help = flags.has('help');
  const listStores = flags.has('list-stores');
  if (help || listStores) {
    const storesFile = values.get('stores-file');
    return { inputs, selectors: {}, json: false, help, listStores, ...(storesFile !== undefined ? { storesFile } : {}) };
  }
  return checked(values, inputs, flags.has('json'));
}

function checked(values: Map<ValueOption, string>, inputs: string[], json: boolean): CliOptions {
  const batch = values.get('batch');
  if (batch !== undefined && inputs.length > 0) throw new UsageError('--batch reads its cases from the batch file: give no other inputs');
  if (batch === undefined && inputs.length === 0) throw new UsageError('give at least one FILE or URL to read (or --batch FILE.jsonl)');
  const options: CliOptions = { inputs, selectors: {}, json, help: false, listStores: false };
  try {
    const url = values.get('url');
    if (url !== undefined) options.url = pageUrlOf(url, '--url');
    const currency = values.get('currency');
    if (currency !== undefined) options.currency = currencyCode(currency, '--currency');
    const isbn = values.get('isbn');
    const gtin = values.get('gtin');
    Object.assign(
      options,
      editionIdsOf(isbn === undefined ? undefined : isbn13Of(isbn, '--isbn'), gtin === undefined ? undefined : gtinOf(gtin, '--gtin'), {
        isbn: '--isbn',
        gtin: '--gtin',
      }),
    );
    const offerChoice = values.get('offer-choice');
    if (offerChoice !== undefined) options.offerChoice = offerChoiceOf(offerChoice, '--offer-choice');
    const trust = values.get('trust');
    if (trust !== undefined) options.trust = trustSourceOf(trust, '--trust');
    const selector = (name: ValueOption): string | undefined => {
      const raw = values.get(name);
      return raw === undefined ? undefined : selectorOf(raw, `--${name}`);
    };
    options.selectors = definedOnly({
      price: selector('selector-price'),
      currency: selector('selector-currency'),
      availability: selector('selector-availability'),
    });
  } catch (error) {
    if (error instanceof SettingsError) throw new UsageError(error.message);
    throw error;
  }
  const store = values.get('store');
  if (store !== undefined) options.store = store;
  if (batch !== undefined) options.batch = batch;
  const storesFile = values.get('stores-file');
  if (storesFile !== undefined) options.storesFile = storesFile;
  return options;
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}

export function definedOnly(selectors: ExtractionSelectors): ExtractionSelectors {
  return Object.fromEntries(Object.entries(selectors).filter(([, value]) => value !== undefined)) as ExtractionSelectors;
}

export const USAGE = `Usage: npm run extract -- [options] <FILE|URL>...
       npm run extract -- [options] --batch CASES.jsonl

Reads store pages the way Shelfwatch does and prints the price it decides on, and why.
A FILE is read from disk with no network at all; a URL (http/https) is fetched politely.

Options:
  --url PAGE_URL            the address of FILE inputs (default: a file: URL); its host picks the store recipe
  --store KEY               use this store's recipe (currency, selectors, offer choice, trusted source)
  --stores-file PATH        operator store recipes (default: the configured STORES_FILE, if any)
  --currency ISO            currency of prices shown without one (default: the store's; with no store: USD, said in the output)
  --isbn ISBN               the edition's ISBN-10 or ISBN-13 (hyphens allowed); counts only that edition's offers
  --gtin GTIN               the edition's barcode: EAN-13, UPC-A, GTIN-14 or GTIN-8 (check digit checked); a product
                            without an ISBN, or an edition's other barcode beside --isbn (a page naming either is it)
  --selector-price CSS      CSS selector of the price (end with @attr to read an attribute)
  --selector-currency CSS   CSS selector of the currency
  --selector-availability CSS
                            CSS selector of the availability
  --offer-choice first|lowest
                            which offer counts when several differ (default: the store's, else refuse to guess)
  --trust SOURCE            the source that decides when sources disagree: ${EXTRACTION_SOURCES.join(', ')}
  --json                    one JSON object per input (result fields, input, and the report)
  --batch FILE.jsonl        one case per line, one JSON result line per case (files and inline html only, no network)
  --list-stores             list the store recipes: key, name, currency, hosts
  -h, --help                this text

Exit codes: 0 every input was read (a refusal such as no_price is a reading), 1 an input could not be read,
2 a usage error. See docs/extract-cli.md.`;
