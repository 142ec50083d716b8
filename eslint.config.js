// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { shapeRules } from './scripts/lint/shape-rules.js';

const frameworkImports = [
  { group: ['express', 'express/*'], message: 'The domain must not depend on the HTTP framework.' },
  { group: ['@mikro-orm/*', 'pg', 'knex'], message: 'The domain must not depend on persistence.' },
  { group: ['inversify', 'reflect-metadata'], message: 'The domain must not depend on the container.' },
  { group: ['node:*', 'fs', 'fs/*', 'http', 'https', 'net', 'child_process', 'os', 'path', 'crypto'], message: 'The domain must not do I/O.' },
  { group: ['**/application/**', '**/adapters/**', '**/config/**'], message: 'Dependencies point inward: the domain imports only the domain.' },
];

// The container is wired in one place: src/composition (docs/architecture.md, "The composition root").
const containerOutsideRoot = [
  { selector: "ImportSpecifier[imported.name='ContainerModule']", message: 'Bindings live in src/composition/modules; adapters export classes and plain factories.' },
  { selector: "NewExpression[callee.name='ContainerModule']", message: 'Bindings live in src/composition/modules; adapters export classes and plain factories.' },
];

// Use cases read the time from the Clock port, so tests can fix it.
const clockBypassed = [
  { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'Use the injected Clock (application/shared/clock.ts), not new Date().' },
  { selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']", message: 'Use the injected Clock (application/shared/clock.ts), not Date.now().' },
];

// Migrations may import src/, never the reverse; only the migrator's list (migrations/index.ts) is loaded at run time.
const migrationImports = {
  group: ['**/migrations/**', '!**/migrations/index.js'],
  message: 'Run-time code does not import from migrations/; reference data lives under src/.',
};

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'coverage/**', 'test-results/**', '.data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // CommonJS configuration files (dependency-cruiser's) run in Node with `module` and `require`.
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly' } } },
  // The dependency rule of the hexagon, checked in CI by `npm run lint` (the full allow-list: .dependency-cruiser.cjs).
  { files: ['src/**/*.ts'], rules: { 'no-restricted-imports': ['error', { patterns: [migrationImports] }] } },
  { files: ['src/domain/**/*.ts'], rules: { 'no-restricted-imports': ['error', { patterns: [...frameworkImports, migrationImports] }] } },
  {
    files: ['src/application/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/adapters/**', 'express', '@mikro-orm/*', 'pg'], message: 'Use cases talk to ports, not adapters.' },
            { group: ['node:*'], message: 'Use cases do no I/O of their own; go through a port.' },
            migrationImports,
          ],
        },
      ],
    },
  },
  // The shape of the hexagon that a selector cannot count: one port per file, one adapter per file.
  { plugins: { shape: shapeRules } },
  { files: ['src/application/**/*.ts'], rules: { 'shape/one-port-per-file': 'error' } },
  { files: ['src/adapters/**/*.ts'], ignores: ['src/adapters/web/client/**'], rules: { 'shape/one-adapter-per-file': 'error' } },
  { files: ['src/domain/**/*.ts', 'src/adapters/**/*.ts'], rules: { 'no-restricted-syntax': ['error', ...containerOutsideRoot] } },
  {
    files: ['src/application/**/*.ts'],
    ignores: ['src/application/shared/clock.ts'],
    rules: { 'no-restricted-syntax': ['error', ...containerOutsideRoot, ...clockBypassed] },
  },
  // Configuration is read in one module only.
  {
    files: ['src/**/*.ts'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration through config/config.ts.' }],
    },
  },
);
