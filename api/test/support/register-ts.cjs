/**
 * Lets a child process of the API's test suites (the network analysis, forked from the TypeScript
 * sources) load .ts files: compiled on load by swc with the settings jest uses, and @friends/shared
 * taken from its sources as jest's moduleNameMapper does. Production forks the compiled .js instead.
 */
const Module = require('node:module');
const { join } = require('node:path');
const { transformSync } = require('@swc/core');
const { SWC_NODE_OPTIONS } = require('./swc-options.cjs');

const SHARED = join(__dirname, '../../../shared/src/index.ts');
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return resolve.call(this, request === '@friends/shared' ? SHARED : request, ...rest);
};

require.extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(require('node:fs').readFileSync(filename, 'utf8'), {
    ...SWC_NODE_OPTIONS,
    filename,
    sourceMaps: 'inline',
  });
  module._compile(code, filename);
};
