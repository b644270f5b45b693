/** 'Refresh Photos' in 'Bulk Actions & Cleanup' (docs/product.md §6, §8): new profile pictures from YouTube and Instagram. */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES, photosRefreshedSummary } from '@friends/shared';
import { invalidateCatalog } from '../../../lib/invalidate';
import { reportError } from '../../../lib/report-error';
import { useNoDataApi } from '../api/get-youtube-status';
import { refreshPhotos } from '../api/youtube-api';

export const REFRESH_FAILED = 'Failed to refresh photos';

export function RefreshPhotosButton() {
  const queryClient = useQueryClient();
  const [running, setRunning] = useState(false);
  const noKey = useNoDataApi();

  const run = async () => {
    setRunning(true);
    try {
      const result = await refreshPhotos();
      if (result.updated > 0) await invalidateCatalog(queryClient);
      window.alert(photosRefreshedSummary(result.updated, result.upToDate, result.failed, result.notFetched));
    } catch (error) {
      // 404: 'No creators with YouTube or Instagram links found.'; 503: the key is missing.
      reportError(error, REFRESH_FAILED, { serverMessageFor: [404, 502, 503] });
    } finally {
      setRunning(false);
    }
  };

  const button = (
    <button type="button" className="admin-button" disabled={running} onClick={() => void run()}>
      {running ? 'Refreshing…' : 'Refresh Photos'}
    </button>
  );
  if (!noKey) return button;
  // Instagram photos need no key, so the button stays; the note says what a key would add.
  return (
    <>
      {button}
      <span className="admin-muted">{MESSAGES.youtubeKeyNeededForPhotos}</span>
    </>
  );
}
