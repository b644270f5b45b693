/**
 * 'Manage Videos' (docs/product.md §2 videos). The screen is a list of sections so the YouTube tools slot in
 * without touching this feature: docs/product.md §2's order is 'Bulk Import Videos', 'Rescan for Collaborators',
 * then the sections below, so the app layer (the expose) passes those two as `toolSections`.
 */
import type { ComponentType } from 'react';
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
  return (
    <div className="admin-view admin-videos">
      <h2 className="admin-view__title">Manage Videos</h2>
      {toolSections.map((ToolSection, index) => (
        <ToolSection key={ToolSection.displayName ?? ToolSection.name ?? index} {...props} />
      ))}
      <AddVideoForm prefillUrl={props.params.prefillUrl} />
      <BulkDeleteVideos />
      <VideoList navigate={props.navigate} />
    </div>
  );
}
