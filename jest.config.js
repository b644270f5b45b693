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
const shared = { '^@friends/shared$': '<rootDir>/../shared/src/index.ts' };
const web = (name) => ({
  displayName: name,
  rootDir: `<rootDir>/${name}`,
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
  transform: { '^.+\\.(t|j)sx?$': swc },
  moduleNameMapper: { ...shared, '\\.css$': '<rootDir>/../scripts/jest-style-stub.js' },
  setupFilesAfterEnv: ['<rootDir>/../scripts/jest-dom-setup.js'],
});

/** @type {import('jest').Config} */
module.exports = {
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
      transform: { '^.+\\.ts$': swc },
      moduleNameMapper: shared,
    },
    {
      displayName: 'api-e2e',
      rootDir: '<rootDir>/api',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
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
    web('host'),
    web('public-remote'),
    web('admin-remote'),
  ],
};
