// public_remote/LeaderboardView: RemoteViewProps.
export { LeaderboardPage as default } from '../app/views/leaderboard-page';
