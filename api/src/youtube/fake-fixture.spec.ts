/**
 * Keeps the fake's fictional channel honest: running the shared detection rules over its 60 uploads in
 * import order (newest first, as the uploads playlist lists them; each video seeing the creators made for
 * the videos before it) gives exactly EXPECTED.
 * If shared/ changes a rule, this says whether the fixture (and the e2e expectations) must follow.
 */
import { detectCollaborators, nameMatchKey } from '@friends/shared';
import { createFakeYouTubeData, EXPECTED, MAIN_CHANNEL_ID } from '../../test/support/fake-youtube-data';

it('the main channel yields the expected collaborators and none of the filtered names', () => {
  const data = createFakeYouTubeData({ benchVideos: 0 });
  const uploads = data.videos
    .filter((v) => v.channelId === MAIN_CHANNEL_ID && v.privacy !== 'private')
    .reverse();
  expect(uploads).toHaveLength(EXPECTED.videoCount);

  const creators: { id: number; name: string }[] = [{ id: 1, name: EXPECTED.mainCreator }];
  const authorsByTitle: Record<string, string[]> = {};
  for (const video of uploads) {
    const found = detectCollaborators(
      { title: video.title, description: video.description, channelTitle: EXPECTED.mainCreator },
      creators,
    );
    for (const c of found.toCreate) creators.push({ id: creators.length + 1, name: c.name });
    const ids = [
      ...found.existingIds,
      ...found.toCreate.map((c) => creators.find((x) => x.name === c.name)!.id),
    ];
    authorsByTitle[video.title] = ids.map((id) => creators.find((c) => c.id === id)!.name);
  }

  const names = creators.slice(1).map((c) => c.name);
  expect(names.sort()).toEqual([...EXPECTED.collaborators, ...EXPECTED.mentionHandles].sort());
  const keys = new Set(creators.map((c) => nameMatchKey(c.name)));
  for (const filtered of EXPECTED.filteredNames.filter((n) => n !== 'OttoBrambleworth')) {
    expect(keys.has(nameMatchKey(filtered))).toBe(false);
  }
  for (const [title, expected] of Object.entries(EXPECTED.authorsByTitle)) {
    expect(authorsByTitle[title]).toEqual(expected);
  }
});
