// public_remote/CreatorView: RemoteViewProps (params.creatorId).
export { CreatorPage as default } from '../app/views/creator-page';
