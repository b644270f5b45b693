import '../../styles/public.css';
import type { RemoteViewProps } from '@friends/shared';
import { LeaderboardView } from '../../features/leaderboard/components/leaderboard-view';
import { CommunitiesPanel } from '../../features/network/components/communities-panel';
import { ConnectionFinder } from '../../features/network/components/connection-finder';

/** The leaderboard, with the network feature's connection finder under it. */
export function LeaderboardPage(props: RemoteViewProps) {
  const { navigate } = props;
  return (
    <>
      <LeaderboardView {...props} />
      <CommunitiesPanel onOpenCreator={(creatorId) => navigate('author-page', { creatorId })} />
      <ConnectionFinder
        onOpenCreator={(creatorId) => navigate('author-page', { creatorId })}
        onOpenPair={(a, b) => navigate('pair', { pairIds: [a, b] })}
      />
    </>
  );
}
