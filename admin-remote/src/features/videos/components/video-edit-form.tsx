/** Inline edit of one video (docs/product.md §4, §5): Save does nothing without a title and an author. */
import { useId, useState, type FormEvent } from 'react';
import { LIMITS, MESSAGES, type Video } from '@friends/shared';
import { InlineEditForm } from '../../../components/inline-edit-form';
import { reportError } from '../../../lib/report-error';
import { useUpdateVideo } from '../api/update-video';
import { CreatorPicker } from './creator-picker';
import { EvidenceMarker } from './evidence-marker';

export function VideoEditForm({ video, onDone }: { video: Video; onDone: () => void }) {
  const id = useId();
  const updateVideo = useUpdateVideo();
  const [title, setTitle] = useState(video.title);
  const [url, setUrl] = useState(video.url);
  const [date, setDate] = useState(video.date);
  const [authorIds, setAuthorIds] = useState<number[]>(video.authorIds);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim() || authorIds.length === 0) return;
    try {
      await updateVideo.mutateAsync({ id: video.id, title: title.trim(), url: url.trim(), date, authorIds });
      onDone();
    } catch (error) {
      reportError(error, MESSAGES.errorUpdatingVideo, { reasonFor: [400, 404, 409] });
    }
  };

  return (
    <InlineEditForm
      label={`Edit video ${video.title}`}
      onSubmit={save}
      saving={updateVideo.isPending}
      onCancel={onDone}
    >
      <div className="admin-field">
        <label htmlFor={`${id}-title`}>Title</label>
        <input
          id={`${id}-title`}
          type="text"
          value={title}
          maxLength={LIMITS.videoTitle}
          autoFocus
          onChange={(event) => setTitle(event.target.value)}
        />
      </div>
      <div className="admin-field">
        <label htmlFor={`${id}-url`}>URL</label>
        <input
          id={`${id}-url`}
          type="text"
          inputMode="url"
          value={url}
          maxLength={LIMITS.url}
          onChange={(event) => setUrl(event.target.value)}
        />
      </div>
      <div className="admin-field">
        <label htmlFor={`${id}-date`}>Date</label>
        <input id={`${id}-date`} type="date" value={date} onChange={(event) => setDate(event.target.value)} />
      </div>
      <CreatorPicker
        legend="Authors"
        knownAuthors={video.authors}
        selectedIds={authorIds}
        onChange={setAuthorIds}
        chipExtra={(creatorId, name) =>
          video.authorIds.includes(creatorId) ? (
            <EvidenceMarker videoId={video.id} creatorId={creatorId} name={name} />
          ) : null
        }
      />
    </InlineEditForm>
  );
}
