/** Exposed as './videos-view': the 'Manage Videos' screen, with the YouTube tools slotted in. */
import type { RemoteViewProps } from '@friends/shared';
import { ToolSlotsProvider } from '../components/tool-slots';
import { ManageVideos } from '../features/videos/components/manage-videos';
import { YOUTUBE_TOOL_SLOTS, YOUTUBE_VIDEO_SECTIONS } from '../features/youtube/youtube-tools';

export default function VideosView(props: RemoteViewProps) {
  return (
    <ToolSlotsProvider value={YOUTUBE_TOOL_SLOTS}>
      <ManageVideos {...props} toolSections={YOUTUBE_VIDEO_SECTIONS} />
    </ToolSlotsProvider>
  );
}
