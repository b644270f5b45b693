/** Exposed as './history-view': the 'History' screen (every change, with Undo). */
export { ChangeHistory as default } from '../features/history/components/change-history';
