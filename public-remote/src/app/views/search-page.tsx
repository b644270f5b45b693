/**
 * The search view as the host shows it: the search feature with the 'Suggest a Video' box under the
 * field, the groups a typed name finds above the creators, and the build label (when the remote was
 * built with one) at the bottom.
 */
import '../../styles/public.css';
import { BuildLabel } from '../../components/build-label';
import { SearchView, type SearchViewProps } from '../../features/search/components/search-view';
import { GroupMatches } from '../../features/group/components/group-matches';
import { SuggestBox } from '../../features/suggest/components/suggest-box';

export function SearchPage(props: Omit<SearchViewProps, 'children' | 'termExtras'>) {
  const { navigate } = props;
  return (
    <>
      <SearchView
        {...props}
        termExtras={(text) => (
          <GroupMatches text={text} onOpen={(groupId) => navigate('group', { groupId })} />
        )}
      >
        <SuggestBox />
      </SearchView>
      <BuildLabel />
    </>
  );
}
