/**
 * A link to the pair page of two creators: a real address (`?pair=<a>-<b>`, the host mirrors views into
 * the URL), so it can be opened in a new tab or shared; a plain click navigates inside the app. It shows
 * two overlapping circles and the word 'Together' (a bare '×' read as a remove button).
 */
import type { MouseEvent, ReactNode } from 'react';

interface PairLinkProps {
  a: number;
  b: number;
  /** The accessible name, e.g. 'Videos together with Bram Koster'. */
  label: string;
  onOpen: () => void;
  children?: ReactNode;
  className?: string;
}

export const pairHref = (a: number, b: number) => `?pair=${a}-${b}`;

const TOGETHER = (
  <>
    <svg className="pr-pair-link__icon" viewBox="0 0 20 14" width="20" height="14" aria-hidden="true">
      <circle cx="7" cy="7" r="5.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <circle cx="13" cy="7" r="5.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
    </svg>
    <span>Together</span>
  </>
);

export function PairLink({
  a,
  b,
  label,
  onOpen,
  children = TOGETHER,
  className = 'pr-pair-link',
}: PairLinkProps) {
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onOpen();
  };
  return (
    <a className={className} href={pairHref(a, b)} onClick={open} aria-label={label} title={label}>
      {children}
    </a>
  );
}
