/**
 * A '×' link to the pair page of two creators: a real address (`?pair=<a>-<b>`, the host mirrors views
 * into the URL), so it can be opened in a new tab or shared; a plain click navigates inside the app.
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

export function PairLink({ a, b, label, onOpen, children = '×', className = 'pr-pair-link' }: PairLinkProps) {
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
