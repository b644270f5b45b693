import { memo, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { countOf, type CreatorListItem } from '@friends/shared';
import { CreatorPhoto } from '../../../components/creator-photo';
import { SafeLink, displayUrl } from '../../../components/safe-link';

interface CreatorCardProps {
  creator: CreatorListItem;
  onOpen: (id: number) => void;
  /** Admin controls (merge checkbox, Edit, Delete), rendered by the admin remote. */
  extras?: ReactNode;
}

/** Clicks on the card's own controls (links, buttons, inputs) do what they say, not open the page. */
function fromControl(event: MouseEvent | KeyboardEvent): boolean {
  const target = event.target as HTMLElement;
  return target.closest('a, button, input, select, textarea, label') !== null;
}

export const CreatorCard = memo(function CreatorCard({ creator, onOpen, extras }: CreatorCardProps) {
  const open = () => onOpen(creator.id);
  return (
    <li
      className="pr-card"
      onClick={(event) => {
        if (!fromControl(event)) open();
      }}
    >
      <CreatorPhoto className="pr-card__photo" name={creator.name} photo={creator.photo} size={64} />
      <div className="pr-card__body">
        <h3 className="pr-card__name">
          <button type="button" className="pr-card__open" onClick={open}>
            {creator.name}
          </button>
        </h3>
        {creator.channel && (
          <SafeLink className="pr-card__channel" url={creator.channel}>
            {displayUrl(creator.channel)}
          </SafeLink>
        )}
        <p className="pr-card__counts">
          <span>{countOf(creator.videoCount, 'video')}</span>
          <span>{countOf(creator.collabCount, 'collab')}</span>
        </p>
        {extras && <div className="pr-card__extras">{extras}</div>}
      </div>
    </li>
  );
});
