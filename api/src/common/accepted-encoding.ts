import type { ContentEncoding } from '../database/aggregate-cache.service';

/** br when the client accepts it, else gzip, else none (an encoding with q=0 is refused). */
export function preferredEncoding(header: string | string[] | undefined): ContentEncoding | null {
  const accepted = new Set(
    (Array.isArray(header) ? header.join(',') : (header ?? ''))
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q.trim()))
      .map(([name]) => name),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/** preferredEncoding, remembered per header value (browsers send a handful of them). */
const encodings = new Map<string, ContentEncoding | null>();
export function encodingOf(header: string): ContentEncoding | null {
  let encoding = encodings.get(header);
  if (encoding === undefined) {
    encoding = preferredEncoding(header);
    if (encodings.size < 100) encodings.set(header, encoding);
  }
  return encoding;
}
