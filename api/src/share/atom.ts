/**
 * Atom documents (RFC 4287) built with fast-xml-parser's XMLBuilder, which escapes text and attribute
 * values (`<`, `>`, `&`, `"`, `'`), so a creator named `<script>` stays text in every reader.
 */
import { stripUnsafeCharacters } from '@friends/shared';
import { XMLBuilder } from 'fast-xml-parser';

export const ATOM_CONTENT_TYPE = 'application/atom+xml; charset=utf-8';

export interface AtomLink {
  href: string;
  rel: 'alternate' | 'related' | 'self';
  type?: string;
  title?: string;
}

export interface AtomEntry {
  /** A URI that never changes for this entry. */
  id: string;
  title: string;
  /** ISO time. */
  updated: string;
  published?: string;
  links: AtomLink[];
  authors: { name: string; uri: string }[];
  summary: string;
}

export interface AtomFeed {
  id: string;
  title: string;
  subtitle: string;
  /** ISO time: the newest entry's, or the epoch for an empty feed. */
  updated: string;
  links: AtomLink[];
  entries: AtomEntry[];
}

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  format: true,
  suppressEmptyNode: true,
  processEntities: true,
});

/** Text XML 1.0 can hold and that cannot reorder what surrounds it. */
const text = (value: string) => stripUnsafeCharacters(value);

const link = (value: AtomLink) => ({
  '@_rel': value.rel,
  '@_href': value.href,
  ...(value.type ? { '@_type': value.type } : {}),
  ...(value.title ? { '@_title': text(value.title) } : {}),
});

export function renderAtom(feed: AtomFeed): string {
  return builder.build({
    '?xml': { '@_version': '1.0', '@_encoding': 'utf-8' },
    feed: {
      '@_xmlns': 'http://www.w3.org/2005/Atom',
      id: feed.id,
      title: { '@_type': 'text', '#text': text(feed.title) },
      subtitle: { '@_type': 'text', '#text': text(feed.subtitle) },
      updated: feed.updated,
      link: feed.links.map(link),
      generator: 'Friends of the Channel',
      entry: feed.entries.map((entry) => ({
        id: entry.id,
        title: { '@_type': 'text', '#text': text(entry.title) },
        updated: entry.updated,
        ...(entry.published ? { published: entry.published } : {}),
        link: entry.links.map(link),
        author: entry.authors.map((author) => ({ name: text(author.name), uri: author.uri })),
        summary: { '@_type': 'text', '#text': text(entry.summary) },
      })),
    },
  }) as string;
}
