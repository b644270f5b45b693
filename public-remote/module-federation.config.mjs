// @ts-check
/** Module federation options of the public remote: one expose per view. */
import { createRequire } from 'node:module';
import { createModuleFederationConfig } from '@module-federation/enhanced';
import { remoteFederation } from '../tooling/webpack.mjs';

const { dependencies: deps } = createRequire(import.meta.url)('./package.json');

export default createModuleFederationConfig(
  remoteFederation({
    name: 'public_remote',
    deps,
    exposes: {
      './SearchView': './src/exposes/search-view.tsx',
      './LeaderboardView': './src/exposes/leaderboard-view.tsx',
      './CreatorView': './src/exposes/creator-view.tsx',
      './PairView': './src/exposes/pair-view.tsx',
      './GroupView': './src/exposes/group-view.tsx',
      './EventView': './src/exposes/event-view.tsx',
    },
  }),
);
