import { build } from 'esbuild';
import { join } from 'node:path';

/**
 * Bundles the browser TypeScript of every page in memory, once per process (no build step: `npm start` just works).
 * One bundle per page entry (`client/pages/<page>.ts`), keyed by page name.
 */
export async function bundleClientPages(clientDir: string, pages: readonly string[]): Promise<Map<string, string>> {
  const result = await build({
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
