// public_remote/SearchView: RemoteViewProps plus optional toolbarExtras and cardExtras (the admin slots).
export { SearchPage as default } from '../app/views/search-page';
export type { SearchViewProps } from '../features/search/components/search-view';
