// One jest run, one project per package. `npm test` (scripts/test.mjs) selects projects by name.
const swc = [
  '@swc/jest',
  {
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', tsx: true, decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
    },
    module: { type: 'commonjs' },
  },
];
// NestJS 12 ships ES modules only: the api projects compile ESM dependencies to CommonJS (api/test/support).
const apiTransform = {
  transform: { '^.+\\.(t|m?j)s$': ['<rootDir>/test/support/jest-esm-transform.cjs', swc[1]] },
  transformIgnorePatterns: [],
};
const shared = { '^@friends/shared$': '<rootDir>/../shared/src/index.ts' };
// @friends/web ships TypeScript source: its subpath exports map to src/<name>.ts.
const webPackage = { '^@friends/web/(.*)$': '<rootDir>/../web/src/$1.ts' };
const web = (name) => ({
  displayName: name,
  rootDir: `<rootDir>/${name}`,
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
  transform: { '^.+\\.(t|j)sx?$': swc },
  moduleNameMapper: {
    ...shared,
    ...webPackage,
    '\\.css$': '<rootDir>/../scripts/jest-style-stub.js',
    // d3 packages ship ES modules only (plus UMD builds): tests load the UMD builds.
    '^(d3-(?:force|quadtree|dispatch|timer))$': '<rootDir>/../node_modules/$1/dist/$1.js',
  },
  setupFilesAfterEnv: ['<rootDir>/../scripts/jest-dom-setup.js'],
});

// Every project runs on jest's runtime with compiled code kept between test files and the files'
// async storages closed at their end (scripts/jest-cached-runtime.cjs says why).
const runtime = require.resolve('./scripts/jest-cached-runtime.cjs');

/** @type {import('jest').Config} */
module.exports = {
  // Per-project testTimeout is not honoured when several projects run in one jest (the API specs hit 5 s
  // on a loaded machine), so the default is set once here; the soak project still sets its own.
  testTimeout: 30000,
  projects: [
    {
      displayName: 'shared',
      rootDir: '<rootDir>/shared',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/src/**/*.test.ts'],
      transform: { '^.+\\.ts$': swc },
    },
    {
      displayName: 'api-unit',
      rootDir: '<rootDir>/api',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/src/**/*.spec.ts'],
      ...apiTransform,
      moduleNameMapper: shared,
    },
    {
      displayName: 'api-e2e',
      rootDir: '<rootDir>/api',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
      ...apiTransform,
      moduleNameMapper: shared,
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
      testTimeout: 30000,
    },
    {
      // `npm run test:soak` only (not `npm test`): the long load and the MariaDB-stop fault.
      displayName: 'soak',
      rootDir: '<rootDir>/api',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/soak/**/*.soak-spec.ts'],
      ...apiTransform,
      moduleNameMapper: shared,
      testTimeout: 300000,
    },
    {
      // The labelled detection set and its report, which `npm run bench` prints too.
      displayName: 'bench',
      rootDir: '<rootDir>/bench',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/src/**/*.test.ts'],
      transform: { '^.+\\.ts$': swc },
      moduleNameMapper: shared,
    },
    {
      displayName: 'deploy',
      rootDir: '<rootDir>/deploy',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/**/*.test.ts'],
      transform: { '^.+\\.ts$': swc },
      moduleNameMapper: shared,
    },
    {
      // Repository checks: the commands README.md and docs/ show, and docs/ citations (scripts/*.test.ts).
      displayName: 'scripts',
      rootDir: '<rootDir>/scripts',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/**/*.test.ts'],
      transform: { '^.+\\.ts$': swc },
    },
    web('web'),
    web('host'),
    web('public-remote'),
    web('admin-remote'),
  ].map((project) => ({ runtime, ...project })),
};
