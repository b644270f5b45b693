import '../../styles/public.css';
import type { RemoteViewProps } from '@friends/shared';
import { LeaderboardView } from '../../features/leaderboard/components/leaderboard-view';
import { ConnectionFinder } from '../../features/network/components/connection-finder';
import { useCreators } from '../../features/search/api/get-creators';

/** The leaderboard, with the network feature's connection finder under it (over the cached creator list). */
export function LeaderboardPage(props: RemoteViewProps) {
  const { navigate } = props;
  const creators = useCreators();
  return (
    <>
      <LeaderboardView {...props} />
      <ConnectionFinder
        creators={creators.data ?? []}
        onOpenCreator={(creatorId) => navigate('author-page', { creatorId })}
        onOpenPair={(a, b) => navigate('pair', { pairIds: [a, b] })}
      />
    </>
  );
}
