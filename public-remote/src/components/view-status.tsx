/**
 * The frame of a page opened from a result (a creator, a group, a collab event, a pair): the way back to
 * Search at its top, and what the page shows instead of its content while its query has none to give.
 */
import type { RemoteViewProps } from '@friends/shared';
import { Spinner } from './spinner';

export function BackToSearch({ navigate }: Pick<RemoteViewProps, 'navigate'>) {
  return (
    <button type="button" className="pr-button pr-back" onClick={() => navigate('search')}>
      <span aria-hidden="true">←</span> Back to Search
    </button>
  );
}

/** What a page says in each of those states, in its own words. */
export interface ViewStatusText {
  notFound: string;
  error: string;
  /** The spinner's name while the query is on its way. */
  loading: string;
}

interface ViewStatusProps extends Pick<RemoteViewProps, 'navigate'> {
  /** The page's subject does not exist (or its address names none): said before any error. */
  notFound: boolean;
  /** The query's error, if it failed for another reason. */
  error: unknown;
  text: ViewStatusText;
}

/** Not found, not loaded, or still loading, in that order, under the back button. */
export function ViewStatus({ navigate, notFound, error, text }: ViewStatusProps) {
  return (
    <section className="pr-creator">
      <BackToSearch navigate={navigate} />
      {notFound ? (
        <p className="pr-empty">{text.notFound}</p>
      ) : error ? (
        <p className="pr-banner pr-banner--error" role="alert">
          {text.error}
        </p>
      ) : (
        <Spinner label={text.loading} />
      )}
    </section>
  );
}
