// public_remote/GroupView: RemoteViewProps (params.groupId).
export { GroupPage as default } from '../app/views/group-page';
