// @ts-check
/** Module federation options of the admin remote: one expose per view. */
import { createRequire } from 'node:module';
import { createModuleFederationConfig } from '@module-federation/enhanced';
import { remoteFederation } from '../tooling/webpack.mjs';

const { dependencies: deps } = createRequire(import.meta.url)('./package.json');

export default createModuleFederationConfig(
  remoteFederation({
    name: 'admin_remote',
    deps,
    exposes: {
      './VideosView': './src/exposes/videos-view.tsx',
      './SuggestionsView': './src/exposes/suggestions-view.tsx',
      './ReviewView': './src/exposes/review-view.tsx',
      './CreatorsView': './src/exposes/creators-view.tsx',
      './GroupsView': './src/exposes/groups-view.tsx',
      './AnalyticsView': './src/exposes/analytics-view.tsx',
      './HistoryView': './src/exposes/history-view.tsx',
      './SearchAdminExtras': './src/exposes/search-admin-extras.tsx',
    },
  }),
);
