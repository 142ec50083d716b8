// The command an operator types for a script, as this install names it (`npm run restore` from the sources,
// `npm run restore:prod` in a production install, which has no tsx). Written once, in a kit that adapters' messages
// use too: src/adapters/kits/console/operator-commands.ts.

export { commandFor, type OperatorScript, RUNS_COMPILED } from '../../adapters/kits/console/operator-commands.js';
