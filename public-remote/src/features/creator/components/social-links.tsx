/** Social-link chips with the platform's icon; a link only for http(s) URLs, otherwise the URL as text. */
import { detectPlatform, hostnameOf, safeHref, type Platform, type SocialLink } from '@friends/shared';
import { PlatformIcon } from '../../../components/platform-icon';

function platformOf(link: SocialLink): Platform {
  return link.platform || detectPlatform(link.url) || 'Other';
}

export function SocialLinks({ links }: { links: readonly SocialLink[] }) {
  if (links.length === 0) return null;
  return (
    <ul className="pr-chips" aria-label="Social links">
      {links.map((link, index) => {
        const platform = platformOf(link);
        const href = safeHref(link.url);
        const label = platform === 'Other' ? hostnameOf(link.url) || 'Link' : platform;
        return (
          <li key={`${index}-${link.url}`}>
            {href ? (
              <a className="pr-chip pr-chip--link" href={href} target="_blank" rel="noopener noreferrer">
                <PlatformIcon platform={platform} />
                {label}
              </a>
            ) : (
              <span className="pr-chip" title="Not a web link">
                <PlatformIcon platform={platform} />
                {link.url}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
