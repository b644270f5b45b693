/**
 * Exposed as './search-admin-extras': the admin extras the host wraps around the public SearchView,
 * `(props: RemoteViewProps & { children: (slots: { toolbar; cardExtras(creator) }) => ReactNode })`.
 */
export { SearchAdminExtras as default } from '../features/creators/components/search-admin-extras';
export type {
  SearchAdminExtrasProps,
  SearchAdminSlots,
} from '../features/creators/components/search-admin-extras';
