// @ts-check
/** Module federation options of the admin remote: one expose per view, the shared singletons. */
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
  name: 'admin_remote',
  filename: 'remoteEntry.js',
  exposes: {
    './VideosView': './src/exposes/videos-view.tsx',
    './SuggestionsView': './src/exposes/suggestions-view.tsx',
    './CreatorsView': './src/exposes/creators-view.tsx',
    './AnalyticsView': './src/exposes/analytics-view.tsx',
    './SearchAdminExtras': './src/exposes/search-admin-extras.tsx',
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
