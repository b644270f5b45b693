// public_remote/EventView: RemoteViewProps (params.eventId).
export { EventPage as default } from '../app/views/event-page';
