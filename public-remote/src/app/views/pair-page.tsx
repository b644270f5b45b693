import '../../styles/public.css';
import type { RemoteViewProps } from '@friends/shared';
import { PairView } from '../../features/network/components/pair-view';

export function PairPage(props: RemoteViewProps) {
  return <PairView {...props} />;
}
