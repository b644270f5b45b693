/**
 * The warning under a creator form when its channel (first link) is also another creator's: shown while
 * the URL is typed, and after a save whose answer carried the warning. Saving is still allowed.
 */
import { channelTakenMessage, type SaveWarning } from '@friends/shared';
import { useChannelOwner } from '../api/channel-owner';

export function ChannelWarning({ url, exclude }: { url: string; exclude: number | null }) {
  const owner = useChannelOwner(url, exclude);
  return (
    <p className="admin-warning" role="status">
      {owner ? `${channelTakenMessage(owner.name)}. You can still save.` : ''}
    </p>
  );
}

/** The text of a save's warnings, for the message after it ('' when there are none). */
export const warningsText = (warnings: readonly SaveWarning[] | undefined): string =>
  (warnings ?? []).map((warning) => warning.message).join(' ');
