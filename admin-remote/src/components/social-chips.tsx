import { detectPlatform, safeHref, type SocialLink } from '@friends/shared';
import { PlatformIcon } from './platform-icon';

/** A creator's social links as chips with platform icons; only http(s) URLs become links. */
export function SocialChips({ links }: { links: readonly SocialLink[] }) {
  if (links.length === 0) return null;
  return (
    <ul className="admin-chips" aria-label="Social links">
      {links.map((link, index) => {
        const platform = link.platform || detectPlatform(link.url) || 'Other';
        const href = safeHref(link.url);
        const content = (
          <>
            <PlatformIcon platform={platform} size={14} />
            <span>{platform}</span>
          </>
        );
        return (
          <li key={`${index}:${link.url}`} className="admin-chip">
            {href ? (
              <a href={href} target="_blank" rel="noopener noreferrer" title={link.url}>
                {content}
              </a>
            ) : (
              <span title={link.url}>{content}</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
