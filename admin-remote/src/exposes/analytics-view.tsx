/** Exposed as './analytics-view': the 'Analytics' screen, with the API keys it manages for API clients. */
import type { RemoteViewProps } from '@friends/shared';
import { AnalyticsDashboard } from '../features/analytics/components/analytics-dashboard';
import { ApiKeysPanel } from '../features/api-keys/components/api-keys-panel';

export default function AnalyticsView(props: RemoteViewProps) {
  return (
    <>
      <AnalyticsDashboard {...props} />
      <ApiKeysPanel />
    </>
  );
}
