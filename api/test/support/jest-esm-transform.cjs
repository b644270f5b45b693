/**
 * Jest transformer for the api projects. NestJS 12 (and a few of its dependencies) ship ES modules only;
 * Node 20.19+ loads them from our CommonJS build through require(esm), but Jest's module system on
 * Node < 24.9 cannot, nor can it run a dynamic import() without --experimental-vm-modules. Our TypeScript
 * goes through @swc/jest as configured; a file under node_modules is compiled to CommonJS only when it
 * is an ES module or uses import(), every other dependency passes through untouched.
 */
const { createTransformer } = require('@swc/jest');

const ESM_SYNTAX = /^\s*(import\s*[\w{*'"]|export\s)|\bimport\.meta\b|\bimport\(/m;

module.exports = {
  createTransformer(options) {
    const own = createTransformer(options);
    const dependency = createTransformer({
      jsc: { target: 'es2022', parser: { syntax: 'ecmascript' } },
      module: { type: 'commonjs' },
    });
    const pick = (src, filename) =>
      filename.includes('/node_modules/') ? (ESM_SYNTAX.test(src) ? dependency : null) : own;
    return {
      process(src, filename, jestOptions) {
        const t = pick(src, filename);
        return t ? t.process(src, filename, jestOptions) : { code: src };
      },
      getCacheKey(src, filename, ...rest) {
        const t = pick(src, filename) ?? own;
        return `${t === own ? 'own' : 'dep'}:${t.getCacheKey(src, filename, ...rest)}`;
      },
    };
  },
};
