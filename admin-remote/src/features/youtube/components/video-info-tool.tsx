/**
 * 'Fetch Video Info' in the add-video form (docs/product.md §2 videos and authors, §5, §8): fills the
 * title and date, selects the channel's creator (the main author), and lists every collaborator found
 * in the title and description in the detected-collaborators panel: existing creators (Add selects
 * them) and names to create (Add creates and selects them). Each can be skipped; 'Clear All' empties it.
 */
import { useState } from 'react';
import { extractVideoId, MESSAGES, videoInfoFetched } from '@friends/shared';
import { useCreateCreator } from '../../../api/create-creator';
import { useCreatorsByIds } from '../../../api/search-creators';
import type { VideoInfoToolProps } from '../../../components/tool-slots';
import { reportError } from '../../../lib/report-error';
import { fetchVideoInfo } from '../api/youtube-api';
import './youtube.css';

type Suggestion =
  { kind: 'existing'; key: string; id: number } | { kind: 'new'; key: string; name: string; url: string };

export function VideoInfoTool({ url, authorIds, onApply }: VideoInfoToolProps) {
  const [fetching, setFetching] = useState(false);
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const createCreator = useCreateCreator();
  const named = useCreatorsByIds(
    suggestions.flatMap((suggestion) => (suggestion.kind === 'existing' ? [suggestion.id] : [])),
  );
  const nameOf = (suggestion: Suggestion): string =>
    suggestion.kind === 'new'
      ? suggestion.name
      : (named.data?.find((creator) => creator.id === suggestion.id)?.name ?? `Creator #${suggestion.id}`);
  const drop = (suggestion: Suggestion) => setSuggestions((list) => list.filter((s) => s !== suggestion));

  const fetchInfo = async () => {
    if (!url.trim()) {
      window.alert(MESSAGES.enterVideoUrlFirst);
      return;
    }
    if (!extractVideoId(url)) {
      window.alert(MESSAGES.couldNotExtractVideoId);
      return;
    }
    setFetching(true);
    try {
      const info = await fetchVideoInfo(url.trim());
      const channelCreator = info.channelCreatorId ? [info.channelCreatorId] : [];
      const existing: Suggestion[] = info.detected.existingIds
        .filter((id) => !authorIds.includes(id) && !channelCreator.includes(id))
        .map((id) => ({ kind: 'existing', key: `existing:${id}`, id }));
      const toCreate: Suggestion[] = [
        // The channel has no creator yet: offer it first, as the bulk import would create it.
        ...(info.channelCreatorId || !info.channelTitle ? [] : [{ name: info.channelTitle, url: '' }]),
        ...info.detected.toCreate,
      ].map(({ name, url }) => ({ kind: 'new', key: `new:${name}`, name, url }));
      onApply({
        title: info.title,
        date: info.date,
        authorIds: [...new Set([...authorIds, ...channelCreator])],
      });
      const panel = [...existing, ...toCreate];
      setSuggestions(panel);
      // The count is what the panel lists: the channel's new creator included, chosen authors left out.
      window.alert(videoInfoFetched(panel.length));
    } catch (error) {
      reportError(error, MESSAGES.failedToFetchVideoInfo, { serverMessageFor: [502, 503] });
    } finally {
      setFetching(false);
    }
  };

  const add = async (suggestion: Suggestion) => {
    if (suggestion.kind === 'existing') {
      onApply({ authorIds: [...new Set([...authorIds, suggestion.id])], detected: true });
      drop(suggestion);
      return;
    }
    try {
      const created = await createCreator.mutateAsync({
        name: suggestion.name,
        channel: suggestion.url,
        socialLinks: suggestion.url ? [{ url: suggestion.url }] : [],
      });
      onApply({ authorIds: [...new Set([...authorIds, created.id])], detected: true });
      drop(suggestion);
    } catch (error) {
      reportError(error, MESSAGES.errorCreatingCreator, { serverMessageFor: [400, 409] });
    }
  };

  return (
    <div className="yt-video-info">
      <button type="button" className="admin-button" disabled={fetching} onClick={() => void fetchInfo()}>
        {fetching ? 'Fetching…' : 'Fetch Video Info'}
      </button>
      {suggestions.length > 0 ? (
        <div className="yt-detected" role="region" aria-label="Detected collaborators">
          <strong>Detected collaborators</strong>
          <ul>
            {suggestions.map((suggestion) => {
              const name = nameOf(suggestion);
              return (
                <li key={suggestion.key}>
                  <span>
                    {name}
                    <span className="admin-muted">
                      {suggestion.kind === 'existing'
                        ? ' · existing creator'
                        : ` · new creator${suggestion.url ? ` · ${suggestion.url}` : ''}`}
                    </span>
                  </span>
                  <button
                    type="button"
                    className="admin-button"
                    aria-label={`Add ${name}`}
                    disabled={suggestion.kind === 'new' && createCreator.isPending}
                    onClick={() => void add(suggestion)}
                  >
                    Add
                  </button>
                  <button
                    type="button"
                    className="admin-button admin-button--ghost"
                    aria-label={`Skip ${name}`}
                    onClick={() => drop(suggestion)}
                  >
                    Skip
                  </button>
                </li>
              );
            })}
          </ul>
          <button
            type="button"
            className="admin-button admin-button--ghost"
            onClick={() => setSuggestions([])}
          >
            Clear All
          </button>
        </div>
      ) : null}
    </div>
  );
}
