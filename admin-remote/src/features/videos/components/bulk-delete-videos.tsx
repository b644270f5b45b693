/**
 * 'Bulk Delete Videos': tick videos (or Select All: every video, loaded or not, by its id from the
 * API), confirm, one bulk delete, then a summary. The list is paged by the API like All Videos.
 */
import { useState } from 'react';
import { deletedSummary, MESSAGES, type Video } from '@friends/shared';
import { PagedList } from '../../../components/paged-list';
import { Section } from '../../../components/section';
import { SelectCheck } from '../../../components/selection-toolbar';
import { useSelection } from '../../../hooks/use-selection';
import { reportError } from '../../../lib/report-error';
import { useBulkDeleteVideos } from '../api/bulk-delete-videos';
import { getVideoIds, useVideoPages } from '../../../api/get-videos';

export function BulkDeleteVideos() {
  const pages = useVideoPages('');
  const bulkDelete = useBulkDeleteVideos();
  const selection = useSelection<number>();
  const { selected } = selection;
  const [selecting, setSelecting] = useState(false);
  const all = pages.videos;
  const selectedIds = [...selected];
  const total = pages.total ?? 0;
  const allSelected = total > 0 && selected.size >= total;

  const selectAll = async (checked: boolean) => {
    if (!checked) {
      selection.clear();
      return;
    }
    setSelecting(true);
    try {
      selection.replace(await getVideoIds('', false));
    } catch (error) {
      reportError(error, MESSAGES.couldNotSelectAll);
    } finally {
      setSelecting(false);
    }
  };

  const run = async () => {
    if (selectedIds.length === 0) {
      window.alert(MESSAGES.selectVideoToDelete);
      return;
    }
    if (!window.confirm(`Are you sure you want to delete ${selectedIds.length} video(s)?`)) return;
    const { succeeded, failed } = await bulkDelete.mutateAsync(selectedIds);
    selection.replace(failed);
    window.alert(deletedSummary('video', succeeded.length, failed.length));
  };

  const renderVideo = (video: Video) => (
    <SelectCheck selection={selection} rowKey={video.id} className="admin-check">
      <span>{video.title}</span>
    </SelectCheck>
  );

  return (
    <Section title="Bulk Delete Videos" className="admin-bulk-delete">
      <div className="admin-toolbar">
        <label className="admin-check">
          <input
            type="checkbox"
            checked={allSelected}
            disabled={all.length === 0 || selecting}
            onChange={(event) => void selectAll(event.target.checked)}
          />
          <span>Select All</span>
        </label>
        <span className="admin-muted">{selectedIds.length} selected</span>
        <button
          type="button"
          className="admin-button admin-button--danger"
          onClick={() => void run()}
          disabled={bulkDelete.isPending || selecting}
        >
          {bulkDelete.isPending ? 'Deleting…' : `Delete Selected (${selectedIds.length})`}
        </button>
      </div>
      {all.length > 0 ? (
        <PagedList
          items={all}
          getKey={(video) => video.id}
          renderItem={renderVideo}
          label="Videos to delete"
          {...pages.paging}
        />
      ) : null}
    </Section>
  );
}
