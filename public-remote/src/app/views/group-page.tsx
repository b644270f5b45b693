import '../../styles/public.css';
import type { RemoteViewProps } from '@friends/shared';
import { GroupView } from '../../features/group/components/group-view';
import { GroupBoard } from '../../features/leaderboard/components/group-board';

/** The group page: the group feature, with the leaderboard feature's board of its members. */
export function GroupPage(props: RemoteViewProps) {
  const { navigate, params } = props;
  return (
    <GroupView
      {...props}
      extras={(group) => (
        <GroupBoard
          groupId={group.id}
          count={params.count ?? 'videos'}
          onCountChange={(count) =>
            navigate('group', { groupId: group.id, ...(count === 'events' ? { count } : {}) })
          }
          onOpen={(creatorId) => navigate('author-page', { creatorId })}
        />
      )}
    />
  );
}
