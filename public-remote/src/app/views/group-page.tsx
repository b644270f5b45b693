import '../../styles/public.css';
import type { RemoteViewProps } from '@friends/shared';
import { GroupView } from '../../features/group/components/group-view';
import { GroupBoard } from '../../features/leaderboard/components/group-board';

/** The group page: the group feature, with the leaderboard feature's board of its members. */
export function GroupPage(props: RemoteViewProps) {
  const { navigate } = props;
  return (
    <GroupView
      {...props}
      extras={(group) => (
        <GroupBoard groupId={group.id} onOpen={(creatorId) => navigate('author-page', { creatorId })} />
      )}
    />
  );
}
