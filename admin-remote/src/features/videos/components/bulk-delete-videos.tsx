/** 'Bulk Delete Videos': tick videos (or Select All), confirm, one DELETE per video, then a summary. */
import { useMemo, useState } from 'react';
import { deletedSummary, MESSAGES, type Video } from '@friends/shared';
import { IncrementalList } from '../../../components/incremental-list';
import { Section } from '../../../components/section';
import { useBulkDeleteVideos } from '../api/bulk-delete-videos';
import { useVideos } from '../../../api/get-videos';

export function BulkDeleteVideos() {
  const videos = useVideos();
  const bulkDelete = useBulkDeleteVideos();
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  const all = useMemo(() => videos.data ?? [], [videos.data]);
  // Ids of videos that no longer exist drop out of the selection.
  const selectedIds = useMemo(
    () => (selected.size === 0 ? [] : all.filter((video) => selected.has(video.id)).map((video) => video.id)),
    [all, selected],
  );
  const allSelected = all.length > 0 && selectedIds.length === all.length;

  const toggle = (id: number, checked: boolean) =>
    setSelected((previous) => {
      const next = new Set(previous);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });

  const run = async () => {
    if (selectedIds.length === 0) {
      window.alert(MESSAGES.selectVideoToDelete);
      return;
    }
    if (!window.confirm(`Are you sure you want to delete ${selectedIds.length} video(s)?`)) return;
    const { succeeded, failed } = await bulkDelete.mutateAsync(selectedIds);
    setSelected(new Set(failed));
    window.alert(deletedSummary('video', succeeded.length, failed.length));
  };

  const renderVideo = (video: Video) => (
    <label className="admin-check">
      <input
        type="checkbox"
        checked={selected.has(video.id)}
        onChange={(event) => toggle(video.id, event.target.checked)}
      />
      <span>{video.title}</span>
    </label>
  );

  return (
    <Section title="Bulk Delete Videos" className="admin-bulk-delete">
      <div className="admin-toolbar">
        <label className="admin-check">
          <input
            type="checkbox"
            checked={allSelected}
            disabled={all.length === 0}
            onChange={(event) =>
              setSelected(event.target.checked ? new Set(all.map((video) => video.id)) : new Set())
            }
          />
          <span>Select All</span>
        </label>
        <span className="admin-muted">{selectedIds.length} selected</span>
        <button
          type="button"
          className="admin-button admin-button--danger"
          onClick={() => void run()}
          disabled={bulkDelete.isPending}
        >
          {bulkDelete.isPending ? 'Deleting…' : `Delete Selected (${selectedIds.length})`}
        </button>
      </div>
      {all.length > 0 ? (
        <IncrementalList
          items={all}
          getKey={(video) => video.id}
          renderItem={renderVideo}
          label="Videos to delete"
        />
      ) : null}
    </Section>
  );
}
