import type { PhotoSkipReason } from './youtube';

/** Every user-facing message of docs/product.md §8 (and the few the server adds), word for word. */
export const MESSAGES = {
  incorrectPassword: 'Incorrect password',

  errorUpdatingCreator: 'Error updating creator',
  errorDeletingCreator: 'Error deleting creator',
  errorUpdatingVideo: 'Error updating video',
  errorAddingCreator: 'Error adding creator',
  errorCreatingCreator: 'Error creating creator',
  errorAddingVideo: 'Error adding video',
  errorDeletingVideo: 'Error deleting video',
  errorGrouping: 'The videos could not be grouped as one event',
  errorUngrouping: 'The event could not be ungrouped',

  failedToMerge: 'Failed to merge creators',
  failedToUpdateVideo: 'Failed to update video',

  failedToFetchCreatorInfo: 'Failed to fetch creator info',
  couldNotFetchCreatorInfo:
    'Could not fetch info from YouTube or Instagram. Please check the URLs or try again later.',
  failedToFetchVideoInfo:
    "Failed to fetch video info. Make sure it's a valid YouTube URL and the video is public.",
  noVideosFound: 'No videos found. Make sure the URL is correct.',
  failedToFetchVideos: 'Failed to fetch videos. Please check the URL and try again.',
  couldNotExtractVideoIdShort: 'Could not extract video ID from URL',
  couldNotExtractVideoId: "Could not extract video ID from URL. Make sure it's a valid YouTube URL.",
  noVideoDataFound: 'No video data found',
  noCreatorsWithLinks: 'No creators with YouTube or Instagram links found.',
  noNewCollaborators: 'No new collaborators detected',
  selectVideoToDelete: 'Please select at least one video to delete',
  selectCreatorToDelete: 'Please select at least one creator to delete',
  failedToRemoveSuggestion: 'Failed to remove suggestion',
  /** Select All in a paged list reads every match's id from the API; when that fails. */
  couldNotSelectAll: 'Could not select every matching video. Please try again.',

  enterVideoUrlFirst: 'Please enter a video URL first',
  enterSocialUrlFirst: 'Please enter a YouTube or Instagram URL in one of the social links first',
  enterChannelUrl: 'Please enter a YouTube channel or playlist URL',
  selectVideoToImport: 'Please select at least one video to import',
  provideCreatorName: 'Please provide a creator name',
  needTwoToMerge: 'Need at least 2 creators to merge',
  invalidSelection: 'Invalid selection',

  suggestionThanks: 'Thank you! Your video suggestion has been submitted for review.',
  videoAddedWithCollaborators: 'Video added with detected collaborators!',
  youtubeKeyMissing: 'YouTube API key is not configured',
  /** Shown beside the tools that need the YouTube Data API when the server has no key. */
  youtubeKeyNeeded:
    'Needs a YouTube API key: the server has no YOUTUBE_API_KEY. Fetch Video Info still works (through oEmbed).',
  youtubeKeyNeededForCreatorInfo:
    'YouTube channel info needs a YouTube API key (YOUTUBE_API_KEY); Instagram links work without one.',
  youtubeKeyNeededForPhotos:
    'Without a YouTube API key (YOUTUBE_API_KEY) only Instagram photos are refreshed.',
  /** The server could not reach YouTube at all (network down, DNS, timeouts): not the video's fault. */
  youtubeUnreachable: 'YouTube could not be reached. Check the connection and try again later.',
  /** A creator made from an @handle could not be named after its channel: it keeps the handle. */
  handlesKeptUnreachable:
    'YouTube could not be reached, so creators made from an @handle keep the handle as their name.',
  handlesKeptNoKey:
    'No YouTube API key (YOUTUBE_API_KEY), so creators made from an @handle keep the handle as their name.',
  /** The visitor's first page of creators failed: not an empty database, so it says so and offers Retry. */
  couldNotLoadCreators: "Couldn't load creators",
  couldNotLoadCreatorsHelp: 'The server did not answer. Check your connection, then try again.',
  /** Under a visitor's list that matches more than its pages reach (PAGING.visitorWindow). */
  beyondVisitorWindow: (shown: number, total: number) =>
    `Showing the first ${shown.toLocaleString('en')} of ${total.toLocaleString('en')} matches. Narrow the search to find the others.`,
  retry: 'Retry',
} as const;

/** 'Creator "<name>" already exists in the database!' */
export const creatorExistsMessage = (name: string): string =>
  `Creator "${name}" already exists in the database!`;

/**
 * 'Error updating creator: Creator "Ada" already exists in the database!': a refused change says what
 * failed and the server's reason for it, so the admin can fix the input rather than guess.
 */
export const withReason = (message: string, reason: string): string => `${message}: ${reason}`;

/** 'Error: <message>' for merge and single-rescan failures. */
export const errorAlert = (message: string): string => `Error: ${message}`;

/** 'Creator info fetched from <source>!' */
export const creatorInfoFetched = (source: string): string => `Creator info fetched from ${source}!`;

/** Summary after a bulk delete: 'Deleted n creator(s).' / 'Deleted n video(s).' plus the failed count. */
export const deletedSummary = (kind: 'creator' | 'video', deleted: number, failed: number): string =>
  `Deleted ${deleted} ${kind}(s).` + (failed > 0 ? ` Failed: ${failed}.` : '');

/** 'Updated n profile picture(s).' plus the already-up-to-date and failed counts. */
export const photosRefreshedSummary = (
  updated: number,
  upToDate: number,
  failed: number,
  notFetched: readonly { reason: PhotoSkipReason; count: number }[] = [],
): string => {
  const explained = notFetched.reduce((sum, n) => sum + n.count, 0);
  const reasons = notFetched.filter((n) => n.count > 0).map((n) => PHOTO_SKIP_REASONS[n.reason](n.count));
  if (failed > explained) reasons.push(`${failed - explained} failed`);
  // The failed count keeps its familiar wording; the reasons follow it, so a person knows what to fix.
  return (
    `Updated ${updated} profile picture(s).` +
    (upToDate > 0 ? ` ${upToDate} already up to date.` : '') +
    (failed > 0 ? ` Failed: ${failed}.` : '') +
    (reasons.length ? ` Not fetched: ${reasons.join('; ')}.` : '')
  );
};

const creatorsWord = (n: number) => `${n} creator${n === 1 ? '' : 's'}`;
/** Refresh Photos: why nothing was fetched for `n` creators, per reason. */
const PHOTO_SKIP_REASONS: Record<PhotoSkipReason, (n: number) => string> = {
  demo: (n) => `${creatorsWord(n)} from the demo data (their channels are made up)`,
  noKey: (n) => `${creatorsWord(n)} with only a YouTube link (no YouTube API key is set)`,
  notFound: (n) => `${creatorsWord(n)} whose channel or profile was not found or has no picture`,
  unreachable: (n) => `${creatorsWord(n)} because YouTube or Instagram could not be reached`,
};

/** 'Bulk import complete!' with imported, duplicates skipped and failed counts. */
export const bulkImportSummary = (imported: number, duplicates: number, failed: number): string =>
  `Bulk import complete!\nImported: ${imported}\nDuplicates skipped: ${duplicates}\nFailed: ${failed}`;

/** Rescan summary: collaborators added, new creators created. */
export const rescanSummary = (collaboratorsAdded: number, creatorsCreated: number): string =>
  `Rescan complete!\nCollaborators added: ${collaboratorsAdded}\nNew creators created: ${creatorsCreated}`;

/** 'No creators found' plus ' matching "term"' when a term is set. */
export const noCreatorsFound = (term: string): string =>
  term ? `No creators found matching "${term}"` : 'No creators found';

/** docs/product.md §8 'Video info fetched! ...': the fetch succeeded, plus how many collaborators were detected. */
export const videoInfoFetched = (detectedCollaborators: number): string =>
  'Video info fetched!' +
  (detectedCollaborators > 0 ? ` Detected ${detectedCollaborators} collaborator(s).` : '');

/** A save's warning when its channel URL is also another creator's (the save still happens). */
export const channelTakenMessage = (name: string): string => `Also the channel of "${name}"`;
