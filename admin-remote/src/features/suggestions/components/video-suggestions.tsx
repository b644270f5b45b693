/**
 * 'Video Suggestions' (docs/product.md §2 suggestions, §4): 'Review & Add' removes the suggestion and opens
 * Manage Videos with its URL prefilled; 'Deny' removes it. Only http(s) URLs are links (departure 7).
 */
import {
  errorAlert,
  formatMoment,
  MESSAGES,
  safeHref,
  type RemoteViewProps,
  type Suggestion,
} from '@friends/shared';
import { Section } from '../../../components/section';
import { reportError } from '../../../lib/report-error';
import { useDeleteSuggestion } from '../api/delete-suggestion';
import { useSuggestions } from '../api/get-suggestions';
import './suggestions.css';

export function VideoSuggestions({ navigate }: RemoteViewProps) {
  const suggestions = useSuggestions();
  const remove = useDeleteSuggestion();

  const review = async (suggestion: Suggestion) => {
    try {
      await remove.mutateAsync(suggestion.id);
    } catch (error) {
      // The admin still gets to add the video; the suggestion just stays listed.
      console.error(error);
    }
    navigate('videos', { prefillUrl: suggestion.url });
  };

  const deny = async (suggestion: Suggestion) => {
    try {
      await remove.mutateAsync(suggestion.id);
    } catch (error) {
      reportError(error, MESSAGES.failedToRemoveSuggestion, { serverMessageFor: 'any', format: errorAlert });
    }
  };

  const list = suggestions.data ?? [];
  return (
    <div className="admin-view admin-suggestions">
      <h2 className="admin-view__title">Video Suggestions</h2>
      <Section title={`Pending (${list.length})`}>
        {suggestions.isPending ? (
          <p className="admin-muted">Loading suggestions…</p>
        ) : suggestions.isError ? (
          <p className="admin-muted">Could not load suggestions.</p>
        ) : list.length === 0 ? (
          <p className="admin-empty">No pending suggestions</p>
        ) : (
          <ul className="admin-list admin-suggestions__list" aria-label="Pending suggestions">
            {list.map((suggestion) => {
              const href = safeHref(suggestion.url);
              return (
                <li key={suggestion.id} className="admin-suggestion">
                  <div className="admin-suggestion__main">
                    {href ? (
                      <a
                        href={href}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="admin-suggestion__url"
                      >
                        {suggestion.url}
                      </a>
                    ) : (
                      <span className="admin-suggestion__url">{suggestion.url}</span>
                    )}
                    <span className="admin-muted">
                      Submitted{' '}
                      <time dateTime={suggestion.submittedAt}>{formatMoment(suggestion.submittedAt)}</time>
                    </span>
                  </div>
                  <div className="admin-actions">
                    <button
                      type="button"
                      className="admin-button admin-button--primary"
                      onClick={() => void review(suggestion)}
                      aria-label={`Review & Add ${suggestion.url}`}
                    >
                      Review &amp; Add
                    </button>
                    <button
                      type="button"
                      className="admin-button admin-button--danger"
                      onClick={() => void deny(suggestion)}
                      aria-label={`Deny ${suggestion.url}`}
                    >
                      Deny
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </Section>
    </div>
  );
}
