import type { FrequentCollaborator } from '@friends/shared';
import { CreatorPhoto } from '../../../components/creator-photo';
import { PairLink } from '../../../components/pair-link';

interface FrequentCollaboratorsProps {
  /** The creator whose page this is. */
  creatorId: number;
  collaborators: readonly FrequentCollaborator[];
  onOpen: (id: number) => void;
  /** Opens the pair page of this creator and a collaborator. */
  onOpenPair: (collaboratorId: number) => void;
}

export function FrequentCollaborators({
  creatorId,
  collaborators,
  onOpen,
  onOpenPair,
}: FrequentCollaboratorsProps) {
  if (collaborators.length === 0) return null;
  return (
    <section className="pr-section" aria-labelledby="pr-frequent-title">
      <h3 id="pr-frequent-title" className="pr-section__title">
        Frequent Collaborators
      </h3>
      <ul className="pr-chips">
        {collaborators.map((collaborator) => (
          <li key={collaborator.id} className="pr-chip-pair">
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
            <PairLink
              a={creatorId}
              b={collaborator.id}
              label={`Videos together with ${collaborator.name}`}
              onOpen={() => onOpenPair(collaborator.id)}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
