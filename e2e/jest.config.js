// The browser suite: the production build (api/dist + the three bundles) driven through Debian's Chromium
// with playwright-core. One server per test file (fresh SQLite), one browser context per test. Two files
// at a time: a file spends much of its time waiting on its page (one alone kept 2 cores a third idle),
// and no file shares a server, a database or a browser with another.
/** @type {import('jest').Config} */
module.exports = {
  displayName: 'e2e',
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/tests/**/*.e2e.ts'],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      { jsc: { target: 'es2022', parser: { syntax: 'typescript' } }, module: { type: 'commonjs' } },
    ],
  },
  globalSetup: '<rootDir>/support/global-setup.ts',
  globalTeardown: '<rootDir>/support/global-teardown.ts',
  testTimeout: 60_000,
  maxWorkers: 2,
};
