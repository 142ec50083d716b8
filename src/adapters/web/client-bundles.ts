import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { compress, type Compressed } from './static-documents.js';

/**
 * The folder, beside the compiled web adapter (dist/src/adapters/web/), where `npm run build` writes one bundle per
 * page and the style sheet. It never exists in the sources, so `npm start` (tsx) always bundles in memory.
 */
export const PREBUILT_BUNDLES_DIR = 'bundles';
/** The style sheet's parts, one file per area of the UI, served as one sheet in file-name order (`00-base.css` first). */
const STYLES_DIR = 'styles';
/** The prebuilt style sheet's name in PREBUILT_BUNDLES_DIR. */
const PREBUILT_STYLE_SHEET = 'style.css';
/** Beside each prebuilt file, its compressed forms: `<file>.br` and `<file>.gz`. */
const COMPRESSED_SUFFIXES = { br: '.br', gzip: '.gz' } as const;

/** A script or style sheet as served: its text and, when `npm run build` made them, its compressed forms. */
export interface ClientAsset {
  text: string;
  compressed?: Compressed;
}

/** The web UI's pages: every `pages/<page>.html` but the partials (`_*.html`), sorted. */
export async function pageNamesIn(pagesDir: string): Promise<string[]> {
  const files = (await readdir(pagesDir)).filter((f) => f.endsWith('.html') && !f.startsWith('_'));
  return files.map((f) => f.slice(0, -'.html'.length)).sort();
}

/** A prebuilt file with its compressed forms when both are there (a build of an older version wrote none). */
async function readPrebuilt(file: string, what: string): Promise<ClientAsset> {
  if (!existsSync(file)) throw new Error(`The web UI bundle lacks ${what} (no ${file}; run npm run build again)`);
  const [text, br, gzip] = await Promise.all([
    readFile(file, 'utf8'),
    ...[COMPRESSED_SUFFIXES.br, COMPRESSED_SUFFIXES.gzip].map((suffix) => (existsSync(file + suffix) ? readFile(file + suffix) : null)),
  ]);
  return br && gzip ? { text: text as string, compressed: { br: br as Buffer, gzip: gzip as Buffer } } : { text: text as string };
}

/**
 * The browser script of every page, keyed by page name: the prebuilt bundles of `npm run build` when they sit beside
 * this module (compiled service: no esbuild, no TypeScript at run time, no compression at start-up), else bundled in
 * memory from `webDir/client`.
 */
export async function clientPageBundles(webDir: string, pages: readonly string[]): Promise<Map<string, ClientAsset>> {
  const prebuilt = join(webDir, PREBUILT_BUNDLES_DIR);
  if (!existsSync(prebuilt)) {
    const bundles = await bundleClientPages(join(webDir, 'client'), pages);
    return new Map([...bundles].map(([page, text]) => [page, { text }]));
  }
  const assets = await Promise.all(pages.map((page) => readPrebuilt(join(prebuilt, `${page}.js`), `pages: ${page}`)));
  return new Map(pages.map((page, i) => [page, assets[i]!]));
}

/** The style sheet, minified: prebuilt by `npm run build` when it sits beside this module, else made from `webDir/styles`. */
export async function clientStyleSheet(webDir: string): Promise<ClientAsset> {
  const prebuilt = join(webDir, PREBUILT_BUNDLES_DIR);
  if (existsSync(prebuilt)) return readPrebuilt(join(prebuilt, PREBUILT_STYLE_SHEET), 'the style sheet');
  return { text: await minifiedStyleSheet(join(webDir, STYLES_DIR)) };
}

/**
 * `npm run build`: bundles every page of `webSourceDir` (src/adapters/web) into `outDir/<page>.js`, and the style
 * sheet into `outDir/style.css`, each with its compressed forms beside it.
 */
export async function writeClientBundles(webSourceDir: string, outDir: string): Promise<string[]> {
  const pages = await pageNamesIn(join(webSourceDir, 'pages'));
  const [bundles, css] = await Promise.all([bundleClientPages(join(webSourceDir, 'client'), pages), minifiedStyleSheet(join(webSourceDir, STYLES_DIR))]);
  await mkdir(outDir, { recursive: true });
  const files: [string, string][] = [...[...bundles].map(([page, text]): [string, string] => [`${page}.js`, text]), [PREBUILT_STYLE_SHEET, css]];
  await Promise.all(
    files.map(async ([name, text]) => {
      const identity = Buffer.from(text, 'utf8');
      const { br, gzip } = await compress(identity);
      const file = join(outDir, name);
      await Promise.all([writeFile(file, identity), writeFile(file + COMPRESSED_SUFFIXES.br, br), writeFile(file + COMPRESSED_SUFFIXES.gzip, gzip)]);
    }),
  );
  return pages;
}

/** The parts of `stylesDir` joined in file-name order and minified by esbuild (one sheet, one request). */
export async function minifiedStyleSheet(stylesDir: string): Promise<string> {
  const parts = (await readdir(stylesDir)).filter((f) => f.endsWith('.css')).sort();
  const css = (await Promise.all(parts.map((f) => readFile(join(stylesDir, f), 'utf8')))).join('\n');
  const esbuild = await loadEsbuild(stylesDir);
  return (await esbuild.transform(css, { loader: 'css', minify: true, legalComments: 'none', charset: 'utf8' })).code;
}

async function loadEsbuild(sourceDir: string): Promise<typeof import('esbuild')> {
  try {
    return await import('esbuild');
  } catch (error) {
    throw new Error(
      `The web UI's bundles are not prebuilt (${join(sourceDir, '..', PREBUILT_BUNDLES_DIR)}) and esbuild cannot be loaded ` +
        `(${error instanceof Error ? error.message.split('\n')[0] : String(error)}): run \`npm run build\` for a production ` +
        'install, or `npm install` for development',
    );
  }
}

/**
 * Bundles the browser TypeScript of every page in memory (no build step: `npm start` just works), minified.
 * One bundle per page entry (`client/pages/<page>.ts`), keyed by page name: a page loads one script, no chain of
 * imports. esbuild is a development dependency, loaded only here.
 */
export async function bundleClientPages(clientDir: string, pages: readonly string[]): Promise<Map<string, string>> {
  const esbuild = await loadEsbuild(clientDir);
  const result = await esbuild.build({
    absWorkingDir: clientDir,
    entryPoints: Object.fromEntries(pages.map((page) => [page, join(clientDir, 'pages', `${page}.ts`)])),
    tsconfig: join(clientDir, 'tsconfig.json'),
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    outdir: join(clientDir, 'out'),
    logLevel: 'silent',
    legalComments: 'none',
    minify: true,
    // Text stays UTF-8 instead of \u escapes (the bundles are served as UTF-8).
    charset: 'utf8',
  });
  const bundles = new Map<string, string>();
  for (const file of result.outputFiles) {
    const page = /([^/\\]+)\.js$/.exec(file.path)?.[1];
    if (page) bundles.set(page, file.text);
  }
  const missing = pages.filter((page) => !bundles.has(page));
  if (missing.length > 0) throw new Error(`The web UI bundle lacks pages: ${missing.join(', ')}`);
  return bundles;
}
