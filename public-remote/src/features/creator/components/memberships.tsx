/** A creator's groups (docs/product.md "Groups"): each period with its years, linking to the group page. */
import { formatDay, periodYears, type CreatorMembership } from '@friends/shared';

const exactly = (m: CreatorMembership) =>
  m.to === null ? `since ${formatDay(m.from)}` : `from ${formatDay(m.from)} to ${formatDay(m.to)}`;

export function Memberships({
  memberships,
  onOpenGroup,
}: {
  memberships: readonly CreatorMembership[];
  onOpenGroup: (groupId: number) => void;
}) {
  if (memberships.length === 0) return null;
  return (
    <section className="pr-section" aria-labelledby="pr-memberships-title">
      <h3 id="pr-memberships-title" className="pr-section__title">
        Groups
      </h3>
      <ul className="pr-memberships">
        {memberships.map((m) => (
          <li key={`${m.groupId}:${m.from}`} className="pr-memberships__item">
            <a
              className="pr-memberships__group"
              href={`?group=${m.groupId}`}
              onClick={(event) => {
                if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                event.preventDefault();
                onOpenGroup(m.groupId);
              }}
            >
              {m.groupName}
            </a>{' '}
            <span className="pr-memberships__years" title={exactly(m)}>
              {periodYears(m)}
            </span>
            <span className="pr-visually-hidden">{`, ${exactly(m)}`}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
