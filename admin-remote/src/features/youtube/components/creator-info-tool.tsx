/**
 * 'Fetch Creator Info' in the creator forms (docs/product.md §5, §8): needs a YouTube or Instagram link, fills
 * the name and photo, then 'Creator info fetched from <source>!'.
 */
import { useState } from 'react';
import { creatorInfoFetched, detectPlatform, MESSAGES } from '@friends/shared';
import type { CreatorInfoToolProps } from '../../../components/tool-slots';
import { reportError } from '../../../lib/report-error';
import { useNoDataApi } from '../api/get-youtube-status';
import { fetchCreatorInfo } from '../api/youtube-api';

export function CreatorInfoTool({ urls, onApply }: CreatorInfoToolProps) {
  const [fetching, setFetching] = useState(false);
  const noKey = useNoDataApi();

  const fetchInfo = async () => {
    const usable = urls
      .map((url) => url.trim())
      .filter((url) => ['YouTube', 'Instagram'].includes(detectPlatform(url)));
    if (usable.length === 0) {
      window.alert(MESSAGES.enterSocialUrlFirst);
      return;
    }
    setFetching(true);
    try {
      const info = await fetchCreatorInfo(usable);
      onApply({ name: info.name, photo: info.photo });
      window.alert(creatorInfoFetched(info.source));
    } catch (error) {
      // 502: 'Could not fetch info from YouTube or Instagram…'; 503: the key or the quota, in plain words.
      // An Instagram link always gives at least its username.
      reportError(error, MESSAGES.failedToFetchCreatorInfo, { serverMessageFor: [502, 503] });
    } finally {
      setFetching(false);
    }
  };

  const button = (
    <button type="button" className="admin-button" disabled={fetching} onClick={() => void fetchInfo()}>
      {fetching ? 'Fetching…' : 'Fetch Creator Info'}
    </button>
  );
  if (!noKey) return button;
  return (
    <>
      {button}
      <span className="admin-muted">{MESSAGES.youtubeKeyNeededForCreatorInfo}</span>
    </>
  );
}
