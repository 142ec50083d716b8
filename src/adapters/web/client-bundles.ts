import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The folder, beside the compiled web adapter (dist/src/adapters/web/), where `npm run build` writes one bundle per
 * page. It never exists in the sources, so `npm start` (tsx) always bundles in memory.
 */
export const PREBUILT_BUNDLES_DIR = 'bundles';

/** The web UI's pages: every `pages/<page>.html` but the partials (`_*.html`), sorted. */
export async function pageNamesIn(pagesDir: string): Promise<string[]> {
  const files = (await readdir(pagesDir)).filter((f) => f.endsWith('.html') && !f.startsWith('_'));
  return files.map((f) => f.slice(0, -'.html'.length)).sort();
}

/**
 * The browser script of every page, keyed by page name: the prebuilt bundles of `npm run build` when they sit beside
 * this module (compiled service: no esbuild, no TypeScript at run time), else bundled in memory from `webDir/client`.
 */
export async function clientPageBundles(webDir: string, pages: readonly string[]): Promise<Map<string, string>> {
  const prebuilt = join(webDir, PREBUILT_BUNDLES_DIR);
  if (!existsSync(prebuilt)) return bundleClientPages(join(webDir, 'client'), pages);
  const bundles = new Map<string, string>();
  for (const page of pages) {
    const file = join(prebuilt, `${page}.js`);
    if (!existsSync(file)) throw new Error(`The web UI bundle lacks pages: ${page} (no ${file}; run npm run build again)`);
    bundles.set(page, await readFile(file, 'utf8'));
  }
  return bundles;
}

/** `npm run build`: bundles every page of `webSourceDir` (src/adapters/web) into `outDir/<page>.js`. */
export async function writeClientBundles(webSourceDir: string, outDir: string): Promise<string[]> {
  const pages = await pageNamesIn(join(webSourceDir, 'pages'));
  const bundles = await bundleClientPages(join(webSourceDir, 'client'), pages);
  await mkdir(outDir, { recursive: true });
  for (const [page, text] of bundles) await writeFile(join(outDir, `${page}.js`), text);
  return pages;
}

/**
 * Bundles the browser TypeScript of every page in memory (no build step: `npm start` just works).
 * One bundle per page entry (`client/pages/<page>.ts`), keyed by page name. esbuild is a development dependency,
 * loaded only here.
 */
export async function bundleClientPages(clientDir: string, pages: readonly string[]): Promise<Map<string, string>> {
  let esbuild: typeof import('esbuild');
  try {
    esbuild = await import('esbuild');
  } catch (error) {
    throw new Error(
      `The web UI's bundles are not prebuilt (${join(clientDir, '..', PREBUILT_BUNDLES_DIR)}) and esbuild cannot be loaded ` +
        `(${error instanceof Error ? error.message.split('\n')[0] : String(error)}): run \`npm run build\` for a production ` +
        'install, or `npm install` for development',
    );
  }
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
