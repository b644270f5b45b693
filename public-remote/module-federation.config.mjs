// @ts-check
/** Module federation options of the public remote: one expose per view, the shared singletons. */
import { createRequire } from 'node:module';
import { createModuleFederationConfig } from '@module-federation/enhanced';

const { dependencies: deps } = createRequire(import.meta.url)('./package.json');

/** react, react-dom (and their subpaths: jsx-runtime, client) and react-query: one copy, never eager. */
const singleton = (/** @type {string} */ version) => ({
  singleton: true,
  requiredVersion: version,
  eager: false,
});

export default createModuleFederationConfig({
  name: 'public_remote',
  filename: 'remoteEntry.js',
  exposes: {
    './SearchView': './src/exposes/search-view.tsx',
    './LeaderboardView': './src/exposes/leaderboard-view.tsx',
    './CreatorView': './src/exposes/creator-view.tsx',
    './PairView': './src/exposes/pair-view.tsx',
  },
  shared: {
    react: singleton(deps.react),
    'react/': singleton(deps.react),
    'react-dom': singleton(deps['react-dom']),
    'react-dom/': singleton(deps['react-dom']),
    '@tanstack/react-query': singleton(deps['@tanstack/react-query']),
  },
  shareStrategy: 'loaded-first',
  manifest: true,
  dts: false,
  experiments: {
    // The host hands over its federation runtime (host/src/lib/provide-runtime-core.ts), so
    // remoteEntry.js carries no second copy. The standalone dev page has no host: webpack.config.mjs
    // turns this off there.
    externalRuntime: true,
    // Browser-only bundles: leave the runtime's Node script loader out.
    optimization: { target: 'web' },
  },
});
