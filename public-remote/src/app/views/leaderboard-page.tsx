import '../../styles/public.css';
import type { RemoteViewProps } from '@friends/shared';
import { LeaderboardView } from '../../features/leaderboard/components/leaderboard-view';

export function LeaderboardPage(props: RemoteViewProps) {
  return <LeaderboardView {...props} />;
}
