/** Exposed as './videos-view': the 'Manage Videos' screen. */
export { ManageVideos as default } from '../features/videos/components/manage-videos';
