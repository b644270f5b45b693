/** A video's authors as chips in the admin video list, each with its evidence marker. */
import { AUTHOR_ROLE_LABELS, type Video } from '@friends/shared';
import { EvidenceMarker } from './evidence-marker';

export function VideoAuthors({ video }: { video: Pick<Video, 'id' | 'title' | 'authors'> }) {
  if (video.authors.length === 0) return null;
  return (
    <ul className="admin-chips admin-video__authors" aria-label={`Authors of ${video.title}`}>
      {video.authors.map((author) => (
        <li key={author.id} className="admin-chip">
          <span>
            {author.name}
            {author.creditedAs && <span className="admin-chip__as"> (as {author.creditedAs})</span>}
          </span>
          {video.authors.length > 1 && (
            <span className="admin-chip__role">{AUTHOR_ROLE_LABELS[author.role]}</span>
          )}
          <EvidenceMarker videoId={video.id} creatorId={author.id} name={author.name} />
        </li>
      ))}
    </ul>
  );
}
