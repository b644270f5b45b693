/**
 * The remotes' exposed modules, typed the cheap way (dts: false): each default-exports a view that
 * takes RemoteViewProps. These mirror public-remote/src/exposes/* and admin-remote/src/exposes/*.
 */

declare module 'public_remote/SearchView' {
  import type { ComponentType, ReactNode } from 'react';
  import type { CreatorListItem, RemoteViewProps } from '@friends/shared';
  export interface SearchViewProps extends RemoteViewProps {
    /** Rendered above the results (admin: merge-mode controls). */
    toolbarExtras?: ReactNode;
    /** Rendered inside each creator card (admin: merge checkbox, Edit, Delete). */
    cardExtras?: (creator: CreatorListItem) => ReactNode;
  }
  const SearchView: ComponentType<SearchViewProps>;
  export default SearchView;
}

declare module 'public_remote/LeaderboardView' {
  import type { ComponentType } from 'react';
  import type { RemoteViewProps } from '@friends/shared';
  const LeaderboardView: ComponentType<RemoteViewProps>;
  export default LeaderboardView;
}

declare module 'public_remote/CreatorView' {
  import type { ComponentType } from 'react';
  import type { RemoteViewProps } from '@friends/shared';
  const CreatorView: ComponentType<RemoteViewProps>;
  export default CreatorView;
}

declare module 'public_remote/GroupView' {
  import type { ComponentType } from 'react';
  import type { RemoteViewProps } from '@friends/shared';
  /** params.groupId: the group. */
  const GroupView: ComponentType<RemoteViewProps>;
  export default GroupView;
}

declare module 'public_remote/EventView' {
  import type { ComponentType } from 'react';
  import type { RemoteViewProps } from '@friends/shared';
  /** params.eventId: the collab event. */
  const EventView: ComponentType<RemoteViewProps>;
  export default EventView;
}

declare module 'public_remote/PairView' {
  import type { ComponentType } from 'react';
  import type { RemoteViewProps } from '@friends/shared';
  /** params.pairIds: the two creators. */
  const PairView: ComponentType<RemoteViewProps>;
  export default PairView;
}

declare module 'admin_remote/VideosView' {
  import type { ComponentType } from 'react';
  import type { RemoteViewProps } from '@friends/shared';
  const VideosView: ComponentType<RemoteViewProps>;
  export default VideosView;
}

declare module 'admin_remote/SuggestionsView' {
  import type { ComponentType } from 'react';
  import type { RemoteViewProps } from '@friends/shared';
  const SuggestionsView: ComponentType<RemoteViewProps>;
  export default SuggestionsView;
}

declare module 'admin_remote/ReviewView' {
  import type { ComponentType } from 'react';
  import type { RemoteViewProps } from '@friends/shared';
  const ReviewView: ComponentType<RemoteViewProps>;
  export default ReviewView;
}

declare module 'admin_remote/CreatorsView' {
  import type { ComponentType } from 'react';
  import type { RemoteViewProps } from '@friends/shared';
  const CreatorsView: ComponentType<RemoteViewProps>;
  export default CreatorsView;
}

declare module 'admin_remote/GroupsView' {
  import type { ComponentType } from 'react';
  import type { RemoteViewProps } from '@friends/shared';
  const GroupsView: ComponentType<RemoteViewProps>;
  export default GroupsView;
}

declare module 'admin_remote/AnalyticsView' {
  import type { ComponentType } from 'react';
  import type { RemoteViewProps } from '@friends/shared';
  const AnalyticsView: ComponentType<RemoteViewProps>;
  export default AnalyticsView;
}

declare module 'admin_remote/HistoryView' {
  import type { ComponentType } from 'react';
  import type { RemoteViewProps } from '@friends/shared';
  const HistoryView: ComponentType<RemoteViewProps>;
  export default HistoryView;
}

declare module 'admin_remote/SearchAdminExtras' {
  import type { ComponentType, ReactNode } from 'react';
  import type { CreatorListItem, RemoteViewProps } from '@friends/shared';
  export interface SearchAdminSlots {
    toolbar: ReactNode;
    cardExtras: (creator: CreatorListItem) => ReactNode;
  }
  export interface SearchAdminExtrasProps extends RemoteViewProps {
    children: (slots: SearchAdminSlots) => ReactNode;
  }
  const SearchAdminExtras: ComponentType<SearchAdminExtrasProps>;
  export default SearchAdminExtras;
}
