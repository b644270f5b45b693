/** Exposed as './GroupsView': the 'Groups' screen (groups, their kinds and dated memberships). */
export { ManageGroups as default } from '../features/groups/components/manage-groups';
