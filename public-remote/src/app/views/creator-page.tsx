import '../../styles/public.css';
import type { RemoteViewProps } from '@friends/shared';
import { CreatorView } from '../../features/creator/components/creator-view';
import { CreatorActivity } from '../../features/network/components/creator-activity';
import { MightCollaborate } from '../../features/network/components/might-collaborate';
import { NetworkPanel } from '../../features/network/components/network-panel';

/** The creator page: the creator feature, with the network feature's activity chart and graph inside. */
export function CreatorPage(props: RemoteViewProps) {
  const { navigate, replace, params } = props;
  return (
    <CreatorView
      {...props}
      extras={({ creator }) => (
        <>
          <MightCollaborate
            creatorId={creator.id}
            onOpen={(creatorId) => navigate('author-page', { creatorId })}
          />
          <CreatorActivity creatorId={creator.id} />
          <NetworkPanel
            creatorId={creator.id}
            creatorName={creator.name}
            onOpenCreator={(creatorId) => navigate('author-page', { creatorId })}
            onOpenPair={(a, b) => navigate('pair', { pairIds: [a, b] })}
            colour={params.colour ?? 'community'}
            onColourChange={(colour) =>
              (replace ?? navigate)('author-page', {
                creatorId: creator.id,
                ...(colour === 'group' ? { colour } : {}),
              })
            }
          />
        </>
      )}
    />
  );
}
