// public_remote/PairView: RemoteViewProps (params.pairIds).
export { PairPage as default } from '../app/views/pair-page';
