import '../../styles/public.css';
import type { RemoteViewProps } from '@friends/shared';
import { CreatorView } from '../../features/creator/components/creator-view';

export function CreatorPage(props: RemoteViewProps) {
  return <CreatorView {...props} />;
}
