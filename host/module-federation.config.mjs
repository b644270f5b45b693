// @ts-check
/**
 * Module federation options of the host. No remotes here: the host fetches /remotes.json at run time
 * and registers the remotes' manifests then (src/lib/federation.ts), so a remote can be redeployed
 * without rebuilding the host.
 */
import { createRequire } from 'node:module';
import { createModuleFederationConfig } from '@module-federation/enhanced';
import { sharedSingletons } from '../tooling/webpack.mjs';

const { dependencies: deps } = createRequire(import.meta.url)('./package.json');

export default createModuleFederationConfig({
  name: 'host',
  shared: sharedSingletons(deps),
  shareStrategy: 'loaded-first',
  dts: false,
  // One federation runtime for the page: the remotes' remoteEntry.js files use this one.
  runtimePlugins: ['./src/lib/provide-runtime-core.ts'],
  // Browser-only bundles: leave the runtime's Node script loader out.
  experiments: { optimization: { target: 'web' } },
});
