/**
 * The search view as the host shows it: the search feature with the 'Suggest a Video' box under the
 * field, and the build label (when the remote was built with one) at the bottom.
 */
import '../../styles/public.css';
import { BuildLabel } from '../../components/build-label';
import { SearchView, type SearchViewProps } from '../../features/search/components/search-view';
import { SuggestBox } from '../../features/suggest/components/suggest-box';

export function SearchPage(props: Omit<SearchViewProps, 'children'>) {
  return (
    <>
      <SearchView {...props}>
        <SuggestBox />
      </SearchView>
      <BuildLabel />
    </>
  );
}
