import '../../styles/public.css';
import type { RemoteViewProps } from '@friends/shared';
import { EventView } from '../../features/event/components/event-view';

export function EventPage(props: RemoteViewProps) {
  return <EventView {...props} />;
}
