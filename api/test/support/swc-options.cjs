/**
 * How the API's TypeScript is compiled outside jest: for the network analysis and search children that a
 * test suite forks from the sources (register-ts.cjs), and for the API process the process tests start
 * (api-process.ts). The settings jest's own swc transform uses, so all three run the same JavaScript.
 */
const SWC_NODE_OPTIONS = {
  jsc: {
    target: 'es2022',
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
  },
  module: { type: 'commonjs' },
};

module.exports = { SWC_NODE_OPTIONS };
