/**
 * 'Fetch Video Info' in the add-video form (SPEC.md §5, §8): fills the title and date, pre-selects the
 * channel's creator and the existing creators found in the title and description, and lists the
 * creators to create in the detected-collaborators panel, where each can be added (created and
 * selected) or skipped, and 'Clear All' empties it.
 */
import { useState } from 'react';
import { extractVideoId, MESSAGES, videoInfoFetched } from '@friends/shared';
import { useCreateCreator } from '../../../api/create-creator';
import type { VideoInfoToolProps } from '../../../components/tool-slots';
import { reportError } from '../../../lib/report-error';
import { fetchVideoInfo } from '../api/youtube-api';
import './youtube.css';

interface Suggestion {
  name: string;
  url: string;
}

export function VideoInfoTool({ url, authorIds, onApply }: VideoInfoToolProps) {
  const [fetching, setFetching] = useState(false);
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const createCreator = useCreateCreator();

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
      const preselected = [
        ...(info.channelCreatorId ? [info.channelCreatorId] : []),
        ...info.detected.existingIds,
      ];
      const toCreate: Suggestion[] = [
        // The channel has no creator yet: offer it first, as the bulk import would create it.
        ...(info.channelCreatorId || !info.channelTitle ? [] : [{ name: info.channelTitle, url: '' }]),
        ...info.detected.toCreate,
      ];
      onApply({
        title: info.title,
        date: info.date,
        authorIds: [...new Set([...authorIds, ...preselected])],
        detected: info.detected.existingIds.length > 0 ? true : undefined,
      });
      setSuggestions(toCreate);
      window.alert(videoInfoFetched(info.detected.existingIds.length + info.detected.toCreate.length));
    } catch (error) {
      reportError(error, MESSAGES.failedToFetchVideoInfo, { serverMessageFor: [503] });
    } finally {
      setFetching(false);
    }
  };

  const add = async (suggestion: Suggestion) => {
    try {
      const created = await createCreator.mutateAsync({
        name: suggestion.name,
        channel: suggestion.url,
        socialLinks: suggestion.url ? [{ url: suggestion.url }] : [],
      });
      onApply({ authorIds: [...new Set([...authorIds, created.id])], detected: true });
      setSuggestions((list) => list.filter((s) => s !== suggestion));
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
            {suggestions.map((suggestion) => (
              <li key={suggestion.name}>
                <span>
                  {suggestion.name}
                  {suggestion.url ? <span className="admin-muted"> · {suggestion.url}</span> : null}
                </span>
                <button
                  type="button"
                  className="admin-button"
                  aria-label={`Add ${suggestion.name}`}
                  disabled={createCreator.isPending}
                  onClick={() => void add(suggestion)}
                >
                  Add
                </button>
                <button
                  type="button"
                  className="admin-button admin-button--ghost"
                  aria-label={`Skip ${suggestion.name}`}
                  onClick={() => setSuggestions((list) => list.filter((s) => s !== suggestion))}
                >
                  Skip
                </button>
              </li>
            ))}
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
