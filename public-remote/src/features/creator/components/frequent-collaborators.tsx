import type { FrequentCollaborator } from '@friends/shared';
import { CreatorPhoto } from '../../../components/creator-photo';

interface FrequentCollaboratorsProps {
  collaborators: readonly FrequentCollaborator[];
  onOpen: (id: number) => void;
}

export function FrequentCollaborators({ collaborators, onOpen }: FrequentCollaboratorsProps) {
  if (collaborators.length === 0) return null;
  return (
    <section className="pr-section" aria-labelledby="pr-frequent-title">
      <h3 id="pr-frequent-title" className="pr-section__title">
        Frequent Collaborators
      </h3>
      <ul className="pr-chips">
        {collaborators.map((collaborator) => (
          <li key={collaborator.id}>
            <button type="button" className="pr-chip pr-chip--button" onClick={() => onOpen(collaborator.id)}>
              <CreatorPhoto
                className="pr-chip__photo"
                name={collaborator.name}
                photo={collaborator.photo}
                size={24}
                decorative
              />
              {collaborator.name}
              <span className="pr-chip__count" title="Videos together">
                {collaborator.count}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
