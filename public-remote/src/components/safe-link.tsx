/** A link only when the URL is http(s) (docs/architecture.md "Deliberate departures" 7); anything else is shown as plain text. */
import type { ReactNode } from 'react';
import { safeHref } from '@friends/shared';

interface SafeLinkProps {
  url: string;
  children?: ReactNode;
  className?: string;
  /** Accessible name when the visible content is not enough (an icon, 'Watch'). */
  label?: string;
}

export function SafeLink({ url, children, className, label }: SafeLinkProps) {
  const href = safeHref(url);
  const content = children ?? url;
  if (!href) return <span className={className}>{content}</span>;
  return (
    <a className={className} href={href} target="_blank" rel="noopener noreferrer" aria-label={label}>
      {content}
    </a>
  );
}

/** A URL as people read it: without the scheme, 'www.' and a trailing slash. */
export function displayUrl(url: string): string {
  return url
    .trim()
    .replace(/^https?:\/\//i, '')
    .replace(/^www\./i, '')
    .replace(/\/$/, '');
}
