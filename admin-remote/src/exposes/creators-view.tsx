/** Exposed as './creators-view': the 'Manage Creators' screen, with 'Fetch Creator Info' and 'Refresh Photos'. */
import type { RemoteViewProps } from '@friends/shared';
import { ToolSlotsProvider } from '../components/tool-slots';
import { ManageCreators } from '../features/creators/components/manage-creators';
import { YOUTUBE_TOOL_SLOTS } from '../features/youtube/youtube-tools';

export default function CreatorsView(props: RemoteViewProps) {
  return (
    <ToolSlotsProvider value={YOUTUBE_TOOL_SLOTS}>
      <ManageCreators {...props} />
    </ToolSlotsProvider>
  );
}
