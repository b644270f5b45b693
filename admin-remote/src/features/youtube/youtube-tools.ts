/** What the YouTube feature plugs into the other screens (the exposes provide it as ToolSlots). */
import type { ToolSlots } from '../../components/tool-slots';
import { BulkImport } from './components/bulk-import';
import { CreatorInfoTool } from './components/creator-info-tool';
import { RefreshPhotosButton } from './components/refresh-photos-button';
import { RescanCollaborators } from './components/rescan-collaborators';
import { VideoInfoTool } from './components/video-info-tool';

export const YOUTUBE_TOOL_SLOTS: ToolSlots = {
  videoInfo: VideoInfoTool,
  creatorInfo: CreatorInfoTool,
  creatorBulkTools: RefreshPhotosButton,
};

/** 'Bulk Import Videos' then 'Rescan for Collaborators', before 'Add New Video' (docs/product.md §2 videos). */
export const YOUTUBE_VIDEO_SECTIONS = [BulkImport, RescanCollaborators] as const;
