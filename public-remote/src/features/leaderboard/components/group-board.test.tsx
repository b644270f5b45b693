import { screen, within } from '@testing-library/react';
import { GROUP_ROUTES, type GroupLeaderboard } from '@friends/shared';
import { GroupPage } from '../../../app/views/group-page';
import { mockFetch } from '../../../test-utils/mock-fetch';
import { renderWithClient, viewProps } from '../../../test-utils/render';

const SCOPE = {
  group: { id: 3, name: 'Aurora Live', kind: 'agency' as const },
  asOf: '2026-11-25',
  members: 2,
};
const BY_VIDEO: GroupLeaderboard = {
  ...SCOPE,
  mostCollaborations: [
    { id: 1, name: 'Ada Lumen', photo: '', count: 4 },
    { id: 2, name: 'Bram Koster', photo: '', count: 3 },
  ],
  mostCollaborators: [{ id: 1, name: 'Ada Lumen', photo: '', count: 2 }],
};
/** Ada's four videos were the uploads of two events. */
const BY_EVENT: GroupLeaderboard = {
  ...BY_VIDEO,
  mostCollaborations: [
    { id: 2, name: 'Bram Koster', photo: '', count: 3 },
    { id: 1, name: 'Ada Lumen', photo: '', count: 2 },
  ],
};

function renderGroupPage(count?: 'events') {
  const { calls } = mockFetch({
    [`GET ${GROUP_ROUTES.group(3)}`]: {
      body: {
        id: 3,
        name: 'Aurora Live',
        kind: 'agency',
        members: [
          { id: 1, creatorId: 1, name: 'Ada Lumen', from: '2020-01-01', to: null },
          { id: 2, creatorId: 2, name: 'Bram Koster', from: '2021-01-01', to: null },
        ],
      },
    },
    [`GET ${GROUP_ROUTES.stats(3)}`]: { body: [] },
    [`GET ${GROUP_ROUTES.leaderboard(3)}`]: { body: BY_VIDEO },
    [`GET ${GROUP_ROUTES.leaderboard(3, undefined, undefined, 'events')}`]: { body: BY_EVENT },
  });
  const props = viewProps({ params: { groupId: 3, ...(count ? { count } : {}) } });
  return { calls, props, ...renderWithClient(<GroupPage {...props} />) };
}

const names = (region: HTMLElement) =>
  within(region)
    .getAllByRole('button')
    .map((row) => row.textContent);

describe("the group page's board", () => {
  it('counts videos by default; Count: Events goes to the address', async () => {
    const { props, user } = renderGroupPage();
    const count = within(await screen.findByRole('group', { name: 'Count' }));
    expect(count.getByRole('radio', { name: 'Videos' })).toBeChecked();
    const collabs = await screen.findByRole('region', { name: 'Most Collaborations' });
    expect(names(collabs)).toEqual([expect.stringMatching(/Ada Lumen.*4 collabs/), expect.anything()]);
    await user.click(count.getByRole('radio', { name: 'Events' }));
    expect(props.navigate).toHaveBeenLastCalledWith('group', { groupId: 3, count: 'events' });
  });

  it('counts each collab event once when the address says count=events', async () => {
    const { calls, props, user } = renderGroupPage('events');
    const count = within(await screen.findByRole('group', { name: 'Count' }));
    expect(count.getByRole('radio', { name: 'Events' })).toBeChecked();
    const collabs = await screen.findByRole('region', { name: 'Most Collaborations' });
    expect(names(collabs)).toEqual([
      expect.stringMatching(/Bram Koster.*3 events/),
      expect.stringMatching(/Ada Lumen.*2 events/),
    ]);
    expect(calls.map((call) => call.url)).toContain('/api/leaderboard?group=3&count=events');
    await user.click(count.getByRole('radio', { name: 'Videos' }));
    expect(props.navigate).toHaveBeenLastCalledWith('group', { groupId: 3 });
  });
});
