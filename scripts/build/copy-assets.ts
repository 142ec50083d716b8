// The data files the compiled service reads from disk at run time, copied into the build beside their compiled
// neighbours so that every `new URL('…', import.meta.url)` resolves the same way from dist/ as from the sources:
//   config/stores/*.json        shipped store recipes (load-store-recipes.ts, demo-store-catalogue.ts)
//   src/adapters/web/pages/     the web UI's HTML pages and partials (web-routes.ts)
//   src/adapters/web/styles/    its style sheet's parts (web-routes.ts)
// A file that is neither TypeScript, nor listed here, nor knowingly left out stops the build (`unlistedDataFiles`),
// so a new data file beside a module cannot be forgotten and only fail in production.
import { cp, readdir } from 'node:fs/promises';
import path from 'node:path';

/** Paths relative to the repository root; a folder is copied whole. */
export const ASSETS = ['config/stores', 'src/adapters/web/pages', 'src/adapters/web/styles'] as const;

/** Left out on purpose: the browser client's sources (bundled to dist/src/adapters/web/bundles instead). */
export const NOT_COPIED = ['src/adapters/web/client'] as const;

/** The folders compiled by tsconfig.build.json, whose other files must be assets or left out knowingly. */
const COMPILED_FOLDERS = ['src', 'config', 'migrations'];

export async function copyAssets(root: string, outDir: string): Promise<void> {
  for (const asset of ASSETS) await cp(path.join(root, asset), path.join(outDir, asset), { recursive: true });
}

/** Files under the compiled folders that are not `.ts` and that neither ASSETS nor NOT_COPIED cover. */
export async function unlistedDataFiles(root: string): Promise<string[]> {
  const covered = (file: string): boolean => [...ASSETS, ...NOT_COPIED].some((entry) => file === entry || file.startsWith(`${entry}/`));
  const unlisted: string[] = [];
  for (const folder of COMPILED_FOLDERS) {
    for (const entry of await readdir(path.join(root, folder), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || entry.name.endsWith('.ts')) continue;
      const file = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
      if (!covered(file)) unlisted.push(file);
    }
  }
  return unlisted.sort();
}
