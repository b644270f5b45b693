/**
 * A group's membership periods (by start, as the API gives them): each with Edit (its days), End (still
 * a member until today) and Delete; 'Add Membership' below, a creator and a period.
 */
import { useState } from 'react';
import { formatDay, utcDay, type Group, type GroupMember } from '@friends/shared';
import { Section } from '../../../components/section';
import { CreatorChooser, type ChosenCreator } from '../../../components/creator-chooser';
import { useAddMembership, useDeleteMembership, useUpdateMembership } from '../api/memberships';
import { errorText } from './error-text';
import { MembershipForm } from './membership-form';

const periodLabel = (member: GroupMember) =>
  member.to === null
    ? `since ${formatDay(member.from)}`
    : `${formatDay(member.from)} to ${formatDay(member.to)}`;

export function GroupMembers({ group, onClose }: { group: Group; onClose: () => void }) {
  const add = useAddMembership(group.id);
  const update = useUpdateMembership(group.id);
  const remove = useDeleteMembership(group.id);
  const [creator, setCreator] = useState<ChosenCreator | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const [rowError, setRowError] = useState('');

  const end = async (member: GroupMember) => {
    try {
      await update.mutateAsync({ id: member.id, from: member.from, to: utcDay() });
      setRowError('');
    } catch (error) {
      setRowError(errorText(error, `Could not end ${member.name}'s membership`));
    }
  };
  const drop = async (member: GroupMember) => {
    if (!window.confirm(`Delete ${member.name}'s membership (${periodLabel(member)})?`)) return;
    try {
      await remove.mutateAsync(member.id);
      setRowError('');
    } catch (error) {
      setRowError(errorText(error, `Could not delete ${member.name}'s membership`));
    }
  };

  return (
    <Section
      title={`Members of ${group.name}`}
      className="admin-groups__members"
      actions={
        <button type="button" className="admin-button" onClick={onClose}>
          Close
        </button>
      }
    >
      {rowError ? (
        <p className="admin-groups__error" role="alert">
          {rowError}
        </p>
      ) : null}
      {group.members.length === 0 ? (
        <p className="admin-empty">No members yet</p>
      ) : (
        <ul className="admin-list" aria-label={`Memberships of ${group.name}`}>
          {group.members.map((member) =>
            editing === member.id ? (
              <li key={member.id}>
                <MembershipForm
                  label={`Edit ${member.name}'s membership`}
                  submitLabel="Save"
                  initial={member}
                  onSubmit={async (period) => {
                    await update.mutateAsync({ id: member.id, ...period });
                    setEditing(null);
                  }}
                  onCancel={() => setEditing(null)}
                />
              </li>
            ) : (
              <li key={member.id} className="admin-groups__row">
                <span className="admin-groups__name">{member.name}</span>
                <span className="admin-muted">{periodLabel(member)}</span>
                <span className="admin-actions">
                  <button
                    type="button"
                    className="admin-button"
                    aria-label={`Edit ${member.name} (${periodLabel(member)})`}
                    onClick={() => setEditing(member.id)}
                  >
                    Edit
                  </button>
                  {member.to === null ? (
                    <button
                      type="button"
                      className="admin-button"
                      aria-label={`End ${member.name}'s membership today`}
                      onClick={() => void end(member)}
                    >
                      End
                    </button>
                  ) : null}
                  <button
                    type="button"
                    className="admin-button admin-button--danger"
                    aria-label={`Delete ${member.name} (${periodLabel(member)})`}
                    onClick={() => void drop(member)}
                  >
                    Delete
                  </button>
                </span>
              </li>
            ),
          )}
        </ul>
      )}
      <h4 className="admin-groups__subtitle">Add Membership</h4>
      <MembershipForm
        label={`Add a membership to ${group.name}`}
        submitLabel="Add Membership"
        ready={creator !== null}
        creator={<CreatorChooser value={creator} onChange={setCreator} />}
        onSubmit={async (period) => {
          if (!creator) return;
          await add.mutateAsync({ creatorId: creator.id, ...period });
          setCreator(null);
        }}
      />
    </Section>
  );
}
