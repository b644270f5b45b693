/**
 * What a creator made from an @handle is called. A handle is not a name: before a creator is made from
 * one, the API asks YouTube for the channel of that handle and names the creator after it. These rules are
 * pure; the lookup itself lives in the API.
 */
import { isValidHandle, nameMatchKey } from './collaborators';
import { isNameShaped } from './detection';
import { instagramProfileUrl, youtubeHandleFromUrl } from './urls';

/** The credit an @handle may stand behind: a detection or a stored review proposal. */
export interface HandleCredit {
  /** The name as credited (the handle itself for a bare @mention). */
  name: string;
  /** The link the detection proposed ('' when none). */
  url: string;
  /** The text that matched ('@deltadancer', 'Epsilon Editor @epsiloneditor'). */
  text: string;
}

const WRITTEN_HANDLE = /(?:^|[^\p{L}\p{N}_@./])@([\p{L}\p{N}_.-]+)/u;

/**
 * The YouTube handle to look up for a credit, without '@', or null: the handle of a YouTube channel link,
 * or an @handle the credit wrote without saying where it lives. An Instagram or other link is not a
 * YouTube handle, so it is never looked up.
 */
export function creditedYouTubeHandle(credit: HandleCredit): string | null {
  const fromLink = credit.url ? youtubeHandleFromUrl(credit.url) : null;
  if (fromLink) return isValidHandle(fromLink) ? fromLink : null;
  const written = WRITTEN_HANDLE.exec(credit.text)?.[1]?.replace(/[.-]+$/, '');
  if (!written || !isValidHandle(written)) return null;
  // Detection gives a bare @handle the Instagram link as a guess; any other link names where it lives.
  if (credit.url && credit.url !== instagramProfileUrl(written)) return null;
  return written;
}

/**
 * The name of a creator made from a credit whose handle YouTube resolved to a channel titled
 * `channelTitle`. The channel's title, unless the credit wrote a real name (not the bare handle) that is
 * plainly the same person: equal to the channel title or to the handle once case, spaces and dots are
 * left out ('Epsilon Editor : @epsiloneditor' stays "Epsilon Editor"). Otherwise the credited name stays
 * on the video as the name it was credited as.
 */
export function nameFromChannel(credited: string, handle: string, channelTitle: string): string {
  const title = channelTitle.trim();
  const name = credited.trim().replace(/^@/, '');
  if (!title) return name;
  const bareHandle = nameMatchKey(name) === nameMatchKey(handle) && !/\s/.test(name);
  if (bareHandle || !isNameShaped(name)) return title;
  const key = nameMatchKey(name);
  return key === nameMatchKey(title) || key === nameMatchKey(handle) ? name : title;
}
