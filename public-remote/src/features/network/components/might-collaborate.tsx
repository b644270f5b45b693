import { useSuggested } from '../api/get-suggested';

interface MightCollaborateProps {
  creatorId: number;
  onOpen: (id: number) => void;
}

/**
 * "Might collaborate": creators who made videos with this creator's collaborators but never
 * with this creator, most shared collaborators first. Hidden when there are none (or on failure).
 */
export function MightCollaborate({ creatorId, onOpen }: MightCollaborateProps) {
  const { data } = useSuggested(creatorId);
  if (!data || data.length === 0) return null;
  return (
    <section className="pr-section" aria-labelledby="pr-suggested-title">
      <h3 id="pr-suggested-title" className="pr-section__title">
        Might collaborate
      </h3>
      <p className="pr-section__hint">Creators who worked with the same people, but never together yet.</p>
      <ul className="pr-chips">
        {data.map((suggestion) => (
          <li key={suggestion.id}>
            <button type="button" className="pr-chip pr-chip--button" onClick={() => onOpen(suggestion.id)}>
              {suggestion.name}
              <span
                className="pr-chip__count"
                aria-label={`${suggestion.sharedCollaborators} shared ${
                  suggestion.sharedCollaborators === 1 ? 'collaborator' : 'collaborators'
                }`}
              >
                {suggestion.sharedCollaborators}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
