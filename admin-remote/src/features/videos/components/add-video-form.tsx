/**
 * 'Add New Video' (docs/product.md §2 videos, §5 add video): title and at least one creator required (the
 * button stays disabled until then), URL and date optional. A reviewed suggestion arrives as
 * `prefillUrl`. The draft is kept in sessionStorage so it survives a trip through the login screen.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { LIMITS, MESSAGES, type Creator, type Video } from '@friends/shared';
import { useCreatorsByIds } from '../../../api/search-creators';
import { CreatorQuickAdd } from '../../../components/creator-quick-add';
import { Section } from '../../../components/section';
import { reportError } from '../../../lib/report-error';
import { useSessionDraft } from '../../../lib/session-draft';
import { useToolSlots } from '../../../components/tool-slots';
import { useCreateVideo } from '../api/create-video';
import { CreatorPicker } from './creator-picker';

export const CREATORS_LEGEND = 'Select Creators (at least one required)';

interface VideoDraft {
  title: string;
  url: string;
  date: string;
  authorIds: number[];
  /** Set when detected collaborators were put into the form (the 'Fetch Video Info' tool slot). */
  detected?: boolean;
}

const EMPTY_DRAFT: VideoDraft = { title: '', url: '', date: '', authorIds: [] };

interface AddVideoFormProps {
  prefillUrl?: string | undefined;
  /** Told of each video added (Manage Videos highlights it in All Videos). */
  onAdded?: (video: Video) => void;
}

export function AddVideoForm({ prefillUrl, onAdded }: AddVideoFormProps) {
  const [added, setAdded] = useState<Video | null>(null);
  const id = useId();
  const titleRef = useRef<HTMLInputElement>(null);
  const [draft, setDraft, resetDraft] = useSessionDraft('add-video', EMPTY_DRAFT);
  const createVideo = useCreateVideo();
  const { videoInfo: VideoInfoTool } = useToolSlots();

  // A new prefill (a reviewed suggestion) replaces the URL once; later typing is the admin's.
  const [appliedPrefill, setAppliedPrefill] = useState<string | undefined>(undefined);
  if (prefillUrl && prefillUrl !== appliedPrefill) {
    setAppliedPrefill(prefillUrl);
    setDraft((previous) => ({ ...previous, url: prefillUrl }));
  }
  useEffect(() => {
    if (!prefillUrl) return;
    titleRef.current?.focus();
    titleRef.current?.scrollIntoView?.({ block: 'center' });
  }, [prefillUrl]);

  const canSubmit = draft.title.trim() !== '' && draft.authorIds.length > 0 && !createVideo.isPending;
  const named = useCreatorsByIds(draft.authorIds);
  const selectedNames = draft.authorIds
    .map((authorId) => named.data?.find((creator) => creator.id === authorId)?.name)
    .filter((name): name is string => Boolean(name));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft.title.trim() || draft.authorIds.length === 0) return;
    try {
      const video = await createVideo.mutateAsync({
        title: draft.title.trim(),
        url: draft.url.trim(),
        date: draft.date,
        authorIds: draft.authorIds,
      });
      resetDraft();
      setAdded(video);
      onAdded?.(video);
      if (draft.detected) window.alert(MESSAGES.videoAddedWithCollaborators);
    } catch (error) {
      reportError(error, MESSAGES.errorAddingVideo, { serverMessageFor: [400, 409] });
    }
  };

  const onCreatorCreated = (creator: Creator) =>
    setDraft((previous) =>
      previous.authorIds.includes(creator.id)
        ? previous
        : { ...previous, authorIds: [...previous.authorIds, creator.id] },
    );

  return (
    <Section title="Add New Video" className="admin-add-video">
      <form className="admin-form" onSubmit={submit} noValidate aria-label="Add New Video">
        <div className="admin-field">
          <label htmlFor={`${id}-title`}>Title</label>
          <input
            ref={titleRef}
            id={`${id}-title`}
            type="text"
            value={draft.title}
            maxLength={LIMITS.videoTitle}
            onChange={(event) => setDraft({ ...draft, title: event.target.value })}
          />
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-url`}>URL</label>
          <input
            id={`${id}-url`}
            type="text"
            inputMode="url"
            placeholder="https://www.youtube.com/watch?v=…"
            value={draft.url}
            maxLength={LIMITS.url}
            onChange={(event) => setDraft({ ...draft, url: event.target.value })}
          />
          {VideoInfoTool ? (
            <VideoInfoTool
              url={draft.url}
              authorIds={draft.authorIds}
              onApply={(patch) =>
                setDraft((previous) => ({
                  ...previous,
                  ...patch,
                  detected: previous.detected || patch.detected,
                }))
              }
            />
          ) : null}
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-date`}>Date (optional)</label>
          <input
            id={`${id}-date`}
            type="date"
            value={draft.date}
            onChange={(event) => setDraft({ ...draft, date: event.target.value })}
          />
        </div>
        <CreatorPicker
          legend={CREATORS_LEGEND}
          selectedIds={draft.authorIds}
          onChange={(authorIds) => setDraft({ ...draft, authorIds })}
        />
        {selectedNames.length > 0 ? (
          <p className="admin-collaborators">
            <strong>Current collaborators:</strong> {selectedNames.join(', ')}
          </p>
        ) : null}
        <div className="admin-actions">
          <button type="submit" className="admin-button admin-button--primary" disabled={!canSubmit}>
            {createVideo.isPending ? 'Adding…' : 'Add Video'}
          </button>
        </div>
        <p role="status" className="admin-muted">
          {added ? `Added "${added.title}": it is the first row of All Videos, marked Just added.` : ''}
        </p>
      </form>
      <CreatorQuickAdd onCreated={onCreatorCreated} draftKey="add-video-quick-add-creator" />
    </Section>
  );
}
