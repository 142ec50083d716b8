// The command an operator types for a script, as this install names it. A production install (`npm ci --omit=dev`,
// `npm run build`) has no tsx: there `npm start` and `npm run restore` fail with "tsx: not found", and only the
// `:prod` scripts work. The compiled modules run as .js files, the sources under tsx as .ts files. A kit, so that
// adapters' messages (a data folder of another PostgreSQL major version) name the commands as the entries do.

export type OperatorScript = 'start' | 'backup' | 'restore' | 'export' | 'import' | 'token' | 'job' | 'purge-logs';

/** Whether this process runs the compiled build (node dist/…) rather than the TypeScript sources. */
export const RUNS_COMPILED = import.meta.url.endsWith('.js');

/** `npm start` / `npm run restore -- FILE` from the sources; `npm run start:prod` / `npm run restore:prod -- FILE` compiled. */
export function commandFor(script: OperatorScript, args = '', compiled = RUNS_COMPILED): string {
  const base = compiled ? `npm run ${script}:prod` : script === 'start' ? 'npm start' : `npm run ${script}`;
  return args === '' ? base : `${base} -- ${args}`;
}
