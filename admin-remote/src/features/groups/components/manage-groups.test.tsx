import { screen, waitFor, within } from '@testing-library/react';
import { GROUP_ROUTES, type Group, type GroupListItem } from '@friends/shared';
import { creatorRoutes } from '../../../test-utils/creator-routes';
import { creator } from '../../../test-utils/fixtures';
import { mockFetch } from '../../../test-utils/mock-fetch';
import { mockDialogs, renderWithClient, resetBrowserState, viewProps } from '../../../test-utils/render';
import { ManageGroups } from './manage-groups';

beforeEach(resetBrowserState);

/** A small in-memory API of groups: what the screen writes is what it reads back. */
function groupsApi(initial: Group[] = []) {
  const groups = new Map(initial.map((group) => [group.id, JSON.parse(JSON.stringify(group)) as Group]));
  let nextId = 100;
  const listItem = (group: Group): GroupListItem => ({
    id: group.id,
    name: group.name,
    kind: group.kind,
    currentMembers: new Set(group.members.filter((m) => m.to === null).map((m) => m.creatorId)).size,
  });
  const idOf = (url: string, index: number) => Number(new URL(url, 'http://test').pathname.split('/')[index]);
  const api = mockFetch({
    ...creatorRoutes([creator(1, 'Ada Lumen'), creator(2, 'Bram Koster')]),
    [`GET ${GROUP_ROUTES.groups}`]: (request) => {
      const q = (new URL(request.url, 'http://test').searchParams.get('q') ?? '').toLowerCase();
      const items = [...groups.values()].filter((g) => g.name.toLowerCase().includes(q)).map(listItem);
      return { body: { total: items.length, items } };
    },
    [`POST ${GROUP_ROUTES.groups}`]: (request) => {
      const input = request.body as { name: string; kind: Group['kind'] };
      if ([...groups.values()].some((g) => g.name === input.name))
        return { status: 409, body: { error: `A group named "${input.name}" already exists` } };
      const group: Group = { id: nextId++, ...input, members: [] };
      groups.set(group.id, group);
      return { status: 201, body: group };
    },
  });
  // Routes with ids: answered by a catch-all over the path.
  const original = api.fetchMock.getMockImplementation()!;
  api.fetchMock.mockImplementation(async (input, init = {}) => {
    const url = String(input);
    const method = (init.method ?? 'GET').toUpperCase();
    const parts = new URL(url, 'http://test').pathname.split('/');
    if (parts[2] !== 'groups' || parts.length < 4) return original(input, init);
    api.calls.push({
      method,
      url,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      credentials: init.credentials,
    });
    const group = groups.get(idOf(url, 3));
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
    const answer = (status: number, json?: unknown) =>
      ({
        ok: status < 300,
        status,
        text: async () => (json === undefined ? '' : JSON.stringify(json)),
      }) as Response;
    if (!group) return answer(404, { error: 'Group not found' });
    if (parts.length === 4) {
      if (method === 'GET') return answer(200, group);
      if (method === 'PUT') {
        Object.assign(group, body);
        return answer(200, group);
      }
      if (method === 'DELETE') {
        groups.delete(group.id);
        return answer(200, { message: 'Group deleted' });
      }
    }
    if (method === 'POST') {
      if (typeof body.to === 'string' && String(body.from) > body.to)
        return answer(400, { error: 'from must not be after to' });
      const names: Record<number, string> = { 1: 'Ada Lumen', 2: 'Bram Koster' };
      const member = {
        id: nextId++,
        creatorId: Number(body.creatorId),
        name: names[Number(body.creatorId)] ?? '?',
        from: String(body.from),
        to: (body.to as string | null) ?? null,
      };
      group.members.push(member);
      return answer(201, member);
    }
    const member = group.members.find((m) => m.id === idOf(url, 5));
    if (!member) return answer(404, { error: 'Membership not found' });
    if (method === 'PUT') {
      Object.assign(member, body);
      return answer(200, member);
    }
    group.members = group.members.filter((m) => m !== member);
    return answer(200, { message: 'Membership deleted' });
  });
  return { ...api, groups };
}

const AURORA: Group = {
  id: 7,
  name: 'Aurora Live',
  kind: 'agency',
  members: [{ id: 70, creatorId: 1, name: 'Ada Lumen', from: '2020-01-01', to: null }],
};

describe('Groups', () => {
  it('creates a group and shows the server reason when the name is taken', async () => {
    const api = groupsApi([AURORA]);
    const { user } = renderWithClient(<ManageGroups {...viewProps()} />);
    const list = await screen.findByRole('list', { name: 'Groups' });
    expect(within(list).getByText('Aurora Live')).toBeInTheDocument();
    expect(within(list).getByText('Agency · 1 member today')).toBeInTheDocument();

    const form = within(screen.getByRole('form', { name: 'Add group' }));
    await user.type(form.getByLabelText('Group name'), 'Aurora Live');
    await user.click(form.getByRole('button', { name: 'Create Group' }));
    expect(await form.findByRole('alert')).toHaveTextContent('A group named "Aurora Live" already exists');

    await user.clear(form.getByLabelText('Group name'));
    await user.type(form.getByLabelText('Group name'), 'Night Owls');
    await user.selectOptions(form.getByLabelText('Kind'), 'team');
    await user.click(form.getByRole('button', { name: 'Create Group' }));
    await waitFor(() => expect(within(list).getByText('Night Owls')).toBeInTheDocument());
    expect(form.queryByRole('alert')).not.toBeInTheDocument();
    expect(api.writes().at(-1)).toEqual(
      expect.objectContaining({
        method: 'POST',
        url: '/api/groups',
        body: { name: 'Night Owls', kind: 'team' },
      }),
    );
    // The new group opens, ready for its members.
    expect(await screen.findByRole('region', { name: 'Members of Night Owls' })).toBeInTheDocument();
  });

  it('renames a group, changes its kind, filters and deletes it', async () => {
    const { confirm } = mockDialogs();
    const api = groupsApi([AURORA, { id: 8, name: 'Blue Team', kind: 'team', members: [] }]);
    const { user } = renderWithClient(<ManageGroups {...viewProps()} />);
    await user.click(await screen.findByRole('button', { name: 'Edit Aurora Live' }));
    const edit = within(screen.getByRole('form', { name: 'Edit Aurora Live' }));
    await user.clear(edit.getByLabelText('Group name'));
    await user.type(edit.getByLabelText('Group name'), 'Aurora');
    await user.selectOptions(edit.getByLabelText('Kind'), 'group');
    await user.click(edit.getByRole('button', { name: 'Save' }));
    const list = screen.getByRole('list', { name: 'Groups' });
    expect(await within(list).findByText('Aurora')).toBeInTheDocument();
    expect(api.writes()).toEqual([
      expect.objectContaining({
        method: 'PUT',
        url: '/api/groups/7',
        body: { name: 'Aurora', kind: 'group' },
      }),
    ]);

    await user.type(screen.getByLabelText('Filter groups'), 'blue');
    await waitFor(() => expect(within(list).queryByText('Aurora')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Delete Blue Team' }));
    expect(confirm).toHaveBeenCalled();
    expect(await screen.findByText('No groups match "blue"')).toBeInTheDocument();
    expect(api.groups.has(8)).toBe(false);
  });

  it('adds, edits, ends and deletes memberships, showing a refused period', async () => {
    mockDialogs();
    const api = groupsApi([AURORA]);
    const { user } = renderWithClient(<ManageGroups {...viewProps()} />);
    await user.click(await screen.findByRole('button', { name: 'Members of Aurora Live' }));
    const panel = within(await screen.findByRole('region', { name: 'Members of Aurora Live' }));
    const memberships = panel.getByRole('list', { name: 'Memberships of Aurora Live' });
    expect(within(memberships).getByText('since Jan 1, 2020')).toBeInTheDocument();

    // Add Bram for a closed period, first with the days the wrong way round.
    const add = within(panel.getByRole('form', { name: 'Add a membership to Aurora Live' }));
    expect(add.getByRole('button', { name: 'Add Membership' })).toBeDisabled();
    await user.type(add.getByLabelText('Creator'), 'bram');
    await user.click(await add.findByRole('button', { name: 'Bram Koster' }));
    await user.type(add.getByLabelText('From'), '2022-05-01');
    await user.click(add.getByLabelText('Still a member'));
    await user.type(add.getByLabelText('To'), '2021-01-01');
    await user.click(add.getByRole('button', { name: 'Add Membership' }));
    expect(await add.findByRole('alert')).toHaveTextContent('from must not be after to');
    await user.clear(add.getByLabelText('To'));
    await user.type(add.getByLabelText('To'), '2023-03-31');
    await user.click(add.getByRole('button', { name: 'Add Membership' }));
    expect(await within(memberships).findByText('May 1, 2022 to Mar 31, 2023')).toBeInTheDocument();
    expect(api.writes().at(-1)).toEqual(
      expect.objectContaining({
        method: 'POST',
        url: '/api/groups/7/members',
        body: { creatorId: 2, from: '2022-05-01', to: '2023-03-31' },
      }),
    );

    // Edit Ada's start, then end her membership today.
    await user.click(panel.getByRole('button', { name: 'Edit Ada Lumen (since Jan 1, 2020)' }));
    const edit = within(panel.getByRole('form', { name: "Edit Ada Lumen's membership" }));
    await user.clear(edit.getByLabelText('From'));
    await user.type(edit.getByLabelText('From'), '2019-06-01');
    await user.click(edit.getByRole('button', { name: 'Save' }));
    expect(await within(memberships).findByText('since Jun 1, 2019')).toBeInTheDocument();
    await user.click(panel.getByRole('button', { name: "End Ada Lumen's membership today" }));
    await waitFor(() =>
      expect(api.groups.get(7)!.members[0]!.to).toBe(new Date().toISOString().slice(0, 10)),
    );
    expect(await within(memberships).findByText(/^Jun 1, 2019 to /)).toBeInTheDocument();

    await user.click(panel.getByRole('button', { name: 'Delete Bram Koster (May 1, 2022 to Mar 31, 2023)' }));
    await waitFor(() => expect(within(memberships).queryByText('Bram Koster')).not.toBeInTheDocument());
    expect(api.groups.get(7)!.members.map((m) => m.name)).toEqual(['Ada Lumen']);
  });
});
