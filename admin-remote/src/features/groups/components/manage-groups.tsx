/**
 * 'Groups' (docs/product.md "Groups"): the admin lists and searches groups, creates one (name and kind),
 * renames it or changes its kind, deletes it, and opens its members to add, edit, end or delete their
 * dated memberships. Every change is one history entry (undoable in History); a refused change shows
 * the server's reason next to what was tried.
 */
import { useDeferredValue, useId, useState } from 'react';
import { GROUP_KIND_LABELS, countOf, type GroupListItem, type RemoteViewProps } from '@friends/shared';
import { Section } from '../../../components/section';
import { useCreateGroup, useDeleteGroup, useGroup, useGroupPages, useUpdateGroup } from '../api/groups';
import { errorText } from './error-text';
import { GroupForm } from './group-form';
import { GroupMembers } from './group-members';
import './groups.css';

export function ManageGroups(_props: Partial<RemoteViewProps>) {
  const filterId = useId();
  const [filter, setFilter] = useState('');
  const q = useDeferredValue(filter.trim());
  const pages = useGroupPages(q);
  const create = useCreateGroup();
  const update = useUpdateGroup();
  const remove = useDeleteGroup();
  const [openId, setOpenId] = useState<number | null>(null);
  const [editingId, setEditingId] = useState<number | null>(null);
  const [listError, setListError] = useState('');
  const open = useGroup(openId);

  const drop = async (group: GroupListItem) => {
    if (!window.confirm(`Delete the group "${group.name}" and all its memberships?`)) return;
    try {
      await remove.mutateAsync(group.id);
      if (openId === group.id) setOpenId(null);
      setListError('');
    } catch (error) {
      setListError(errorText(error, `Could not delete ${group.name}`));
    }
  };

  return (
    <div className="admin-view admin-groups">
      <h2 className="admin-view__title">Groups</h2>
      <Section title="Add Group">
        <GroupForm
          label="Add group"
          submitLabel="Create Group"
          onSubmit={async (input) => {
            const group = await create.mutateAsync(input);
            setOpenId(group.id);
          }}
        />
      </Section>
      <Section title={pages.total === undefined ? 'All Groups' : `All Groups (${pages.total})`}>
        <div className="admin-field">
          <label htmlFor={filterId}>Filter groups</label>
          <input
            id={filterId}
            type="search"
            value={filter}
            placeholder="Part of a group's name"
            onChange={(event) => setFilter(event.target.value)}
          />
        </div>
        {listError ? (
          <p className="admin-groups__error" role="alert">
            {listError}
          </p>
        ) : null}
        {pages.isPending ? (
          <p className="admin-muted">Loading groups…</p>
        ) : pages.isError ? (
          <p className="admin-groups__error" role="alert">
            {errorText(pages.error, 'Could not load the groups')}
          </p>
        ) : pages.groups.length === 0 ? (
          <p className="admin-empty">{q ? `No groups match "${q}"` : 'No groups yet'}</p>
        ) : (
          <ul className="admin-list" aria-label="Groups">
            {pages.groups.map((group) =>
              editingId === group.id ? (
                <li key={group.id}>
                  <GroupForm
                    label={`Edit ${group.name}`}
                    submitLabel="Save"
                    initial={group}
                    onSubmit={async (input) => {
                      await update.mutateAsync({ id: group.id, ...input });
                      setEditingId(null);
                    }}
                    onCancel={() => setEditingId(null)}
                  />
                </li>
              ) : (
                <li key={group.id} className="admin-groups__row">
                  <span className="admin-groups__name">{group.name}</span>
                  <span className="admin-muted">
                    {GROUP_KIND_LABELS[group.kind]} · {countOf(group.currentMembers, 'member')} today
                  </span>
                  <span className="admin-actions">
                    <button
                      type="button"
                      className={`admin-button${openId === group.id ? ' admin-button--active' : ''}`}
                      aria-pressed={openId === group.id}
                      aria-label={`Members of ${group.name}`}
                      onClick={() => setOpenId(openId === group.id ? null : group.id)}
                    >
                      Members
                    </button>
                    <button
                      type="button"
                      className="admin-button"
                      aria-label={`Edit ${group.name}`}
                      onClick={() => setEditingId(group.id)}
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      className="admin-button admin-button--danger"
                      aria-label={`Delete ${group.name}`}
                      onClick={() => void drop(group)}
                    >
                      Delete
                    </button>
                  </span>
                </li>
              ),
            )}
          </ul>
        )}
        {pages.hasNextPage ? (
          <button
            type="button"
            className="admin-button"
            disabled={pages.isFetchingNextPage}
            onClick={() => void pages.fetchNextPage()}
          >
            Show more
          </button>
        ) : null}
      </Section>
      {openId !== null && open.data ? (
        <GroupMembers key={open.data.id} group={open.data} onClose={() => setOpenId(null)} />
      ) : openId !== null && open.isError ? (
        <p className="admin-groups__error" role="alert">
          {errorText(open.error, 'Could not load the members')}
        </p>
      ) : null}
    </div>
  );
}
