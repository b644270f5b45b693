/**
 * 'Follow (Atom)': a feed reader subscribes to the address, and the page names the same feed in its
 * head (`<link rel="alternate">`, which React places in the document head), so a reader given the
 * page's address finds it too. The server's preview of a shared address already put one there; it is
 * replaced by this one, which follows the view as the visitor moves on.
 */
import { useEffect } from 'react';

interface FollowLinkProps {
  href: string;
  /** The feed's title ('Ada: collaborations'). */
  title: string;
}

export function FollowLink({ href, title }: FollowLinkProps) {
  useEffect(() => {
    for (const link of document.head.querySelectorAll('link[rel="alternate"][data-preview]')) link.remove();
  }, []);
  return (
    <>
      <link rel="alternate" type="application/atom+xml" title={title} href={href} />
      <a
        className="pr-button pr-button--small pr-follow"
        href={href}
        type="application/atom+xml"
        aria-label={`Follow ${title} (Atom feed)`}
      >
        Follow (Atom)
      </a>
    </>
  );
}
