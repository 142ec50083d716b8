// `npm run build`: the service compiled to plain JavaScript, run by `node` alone (no tsx, no TypeScript, no esbuild at
// run time; docs/production-build.md):
//   1. tsc -p tsconfig.build.json        src/, config/, migrations/  →  dist/src, dist/config, dist/migrations
//   2. data files (copy-assets.ts)       store recipes, web pages and style sheet, beside their compiled modules
//   3. the web client's bundles          src/adapters/web/client  →  dist/src/adapters/web/bundles/<page>.js
// `--out-dir <folder>` builds elsewhere (the folder is emptied first; it must not hold the sources).
import { spawnSync } from 'node:child_process';
import { readdir, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PREBUILT_BUNDLES_DIR, writeClientBundles } from '../../src/adapters/web/client-bundles.js';
import { copyAssets, unlistedDataFiles } from './copy-assets.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

function outDirOf(args: string[]): string {
  const flag = args.indexOf('--out-dir');
  if (flag < 0) return path.join(ROOT, 'dist');
  const value = args[flag + 1];
  if (!value) throw new Error('Usage: npm run build [-- --out-dir <folder>]');
  return path.resolve(value);
}

async function sizeOf(folder: string): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    files++;
    bytes += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return { files, bytes };
}

async function main(args: string[]): Promise<void> {
  const outDir = outDirOf(args);
  const relative = path.relative(outDir, ROOT);
  // Emptying the out folder must never reach the checkout: refuse the root itself or any folder above it.
  if (relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative))) throw new Error(`Refusing to build into ${outDir}: it holds the sources`);
  const unlisted = await unlistedDataFiles(ROOT);
  if (unlisted.length > 0) {
    throw new Error(`Data files the build would leave behind (list them in scripts/build/copy-assets.ts): ${unlisted.join(', ')}`);
  }
  const started = Date.now();
  await rm(outDir, { recursive: true, force: true });

  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  console.log(`Compiling (tsc -p tsconfig.build.json) into ${outDir} ...`);
  const compiled = spawnSync(process.execPath, [tsc, '-p', path.join(ROOT, 'tsconfig.build.json'), '--outDir', outDir], { cwd: ROOT, stdio: 'inherit' });
  if (compiled.status !== 0) throw new Error(`tsc failed (exit ${compiled.status ?? compiled.signal})`);

  await copyAssets(ROOT, outDir);
  const pages = await writeClientBundles(path.join(ROOT, 'src/adapters/web'), path.join(outDir, 'src/adapters/web', PREBUILT_BUNDLES_DIR));
  const { files, bytes } = await sizeOf(outDir);
  console.log(
    `Built ${files} files (${(bytes / 1024 / 1024).toFixed(1)} MiB) in ${((Date.now() - started) / 1000).toFixed(1)} s, ` +
      `${pages.length} web UI bundles; start with \`npm run start:prod\` (docs/production-build.md)`,
  );
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
