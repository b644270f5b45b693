/** Exposed as './creators-view': the 'Manage Creators' screen. */
export { ManageCreators as default } from '../features/creators/components/manage-creators';
