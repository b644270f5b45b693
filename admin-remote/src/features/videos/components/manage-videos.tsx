/**
 * 'Manage Videos' (docs/product.md §2 videos). The screen is a list of sections so the YouTube tools slot in
 * without touching this feature: docs/product.md §2's order is 'Bulk Import Videos', 'Rescan for Collaborators',
 * then the sections below, so the app layer (the expose) passes those two as `toolSections`.
 */
import { useState, type ComponentType } from 'react';
import type { RemoteViewProps } from '@friends/shared';
import { AddVideoForm } from './add-video-form';
import { BulkDeleteVideos } from './bulk-delete-videos';
import { VideoList } from './video-list';
import './videos.css';

export interface ManageVideosProps extends RemoteViewProps {
  /** Sections rendered before 'Add New Video' (Bulk Import Videos, Rescan for Collaborators). */
  toolSections?: readonly ComponentType<RemoteViewProps>[];
}

export function ManageVideos({ toolSections = [], ...props }: ManageVideosProps) {
  // The video just added: All Videos lists it first, highlighted, so the admin sees it went in.
  const [justAdded, setJustAdded] = useState<number | null>(null);
  return (
    <div className="admin-view admin-videos">
      <h2 className="admin-view__title">Manage Videos</h2>
      {toolSections.map((ToolSection, index) => (
        <ToolSection key={ToolSection.displayName ?? ToolSection.name ?? index} {...props} />
      ))}
      <AddVideoForm prefillUrl={props.params.prefillUrl} onAdded={(video) => setJustAdded(video.id)} />
      <BulkDeleteVideos />
      <VideoList navigate={props.navigate} highlightId={justAdded} />
    </div>
  );
}
