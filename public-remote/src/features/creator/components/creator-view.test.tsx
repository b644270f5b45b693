import { act, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { API_ROUTES, PAGING, type CreatorProfile, type Video, type VideoPage } from '@friends/shared';
import { VIDEO_PAGE_SIZE } from '../../../components/video-list';
import { PROFILE } from '../../../test-utils/fixtures';
import { mockFetch, type RecordedRequest } from '../../../test-utils/mock-fetch';
import { renderWithClient, viewProps } from '../../../test-utils/render';
import { CreatorView } from './creator-view';

function renderProfile(profile = PROFILE) {
  mockFetch({
    [`GET ${API_ROUTES.creatorProfile(1)}`]: { body: profile },
    ...videoPages(1, allVideos(profile)),
  });
  const props = viewProps({ params: { creatorId: 1 } });
  return { props, ...renderWithClient(<CreatorView {...props} />) };
}

/** Every video of a `prolific` profile (the profile itself holds the first page). */
const everyVideo = new WeakMap<CreatorProfile, Video[]>();
const allVideos = (profile: CreatorProfile) => everyVideo.get(profile) ?? profile.videos;

/** GET /api/creators/:id/videos over `videos`, as the API pages them. */
function videoPages(id: number, videos: readonly Video[]) {
  return {
    [`GET ${API_ROUTES.creatorVideos(id)}`]: (request: RecordedRequest) => {
      const query = new URL(request.url, 'http://test').searchParams;
      const offset = Number(query.get('offset') ?? 0);
      const limit = Number(query.get('limit') ?? PAGING.profileVideos);
      const body: VideoPage = { total: videos.length, items: videos.slice(offset, offset + limit) };
      return { body };
    },
  };
}

/**
 * Ada with `count` videos, newest first ('Video 1' is the newest), every third one with Bram: the
 * profile holds the first page, as the API sends it.
 */
function prolific(count: number): CreatorProfile {
  const videos: Video[] = Array.from({ length: count }, (_, i) => {
    const authors = i % 3 === 0 ? [PROFILE.creator, { id: 2, name: 'Bram Koster' }] : [PROFILE.creator];
    return {
      id: 1000 - i,
      title: `Video ${i + 1}`,
      url: `https://www.youtube.com/watch?v=v${String(i).padStart(10, '0')}`,
      date: '2024-01-01',
      authorIds: authors.map((author) => author.id),
      authors: authors.map(({ id, name }, position) => ({
        id,
        name,
        role: position === 0 ? ('host' as const) : ('guest' as const),
        creditedAs: null,
      })),
      eventId: null,
      crew: [],
    };
  });
  const collaborations = Math.ceil(count / 3);
  const profile: CreatorProfile = {
    ...PROFILE,
    stats: { totalVideos: count, soloVideos: count - collaborations, collaborations, collaborators: 1 },
    frequentCollaborators: [{ id: 2, name: 'Bram Koster', photo: '', count: collaborations }],
    videos: videos.slice(0, PAGING.profileVideos),
    videosTotal: count,
    collaborationEvents: collaborations,
  };
  everyVideo.set(profile, videos);
  return profile;
}

/** The titles of the video rows on screen. */
const rows = () => screen.queryAllByRole('heading', { level: 4 }).map((heading) => heading.textContent);
/** The row of a video, by title. */
const row = (title: string) => screen.getByRole('heading', { name: title, level: 4 }).closest('li');

/** The figure shown with a stat's label. */
const stat = (label: string) => screen.getByText(label).nextSibling?.textContent;

describe('CreatorView', () => {
  it('shows the photo, name, channel link and the four stats', async () => {
    renderProfile();
    expect(await screen.findByRole('heading', { name: 'Ada Lumen', level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Ada Lumen' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'youtube.com/@adalumen' })).toHaveAttribute(
      'href',
      'https://www.youtube.com/@adalumen',
    );
    expect(stat('Total Videos')).toBe('3');
    expect(stat('Solo Videos')).toBe('1');
    expect(stat('Collaborations')).toBe('2');
    expect(stat('Collaborators')).toBe('4');
    // As many events as collaborations: nothing more to say.
    expect(screen.queryByText(/ in \d+ events?$/)).not.toBeInTheDocument();
  });

  it('links a video in a collab event to the event page', async () => {
    const [first, ...rest] = PROFILE.videos;
    const { props, user } = renderProfile({ ...PROFILE, videos: [{ ...first!, eventId: 12 }, ...rest] });
    const link = await screen.findByRole('link', { name: `Collab event: all uploads of ${first!.title}` });
    expect(link).toHaveAttribute('href', '?event=12');
    expect(screen.getAllByRole('link', { name: /^Collab event/ })).toHaveLength(1);
    await user.click(link);
    expect(props.navigate).toHaveBeenCalledWith('event', { eventId: 12 });
  });

  it("says 'N collaborations in M events' when some were uploads of one event", async () => {
    renderProfile({ ...PROFILE, collaborationEvents: 1 });
    await screen.findByRole('heading', { name: 'Ada Lumen', level: 2 });
    expect(screen.getByText('2 collaborations in 1 event')).toBeInTheDocument();
  });

  it('shows the other names under the name, each in its language', async () => {
    renderProfile();
    await screen.findByRole('heading', { name: 'Ada Lumen', level: 2 });
    const other = screen.getByText('エイダ・ルーメン');
    expect(other).toHaveAttribute('lang', 'ja');
    expect(other.closest('p')).toHaveTextContent('Also known as: エイダ・ルーメン');
  });

  it('puts the separator between other names outside their lang spans: each span holds its name alone', async () => {
    const otherNames = [
      { name: 'エイダ・ルーメン', lang: 'ja' },
      { name: 'Eida Rumen', lang: 'ja-Latn' },
      { name: 'Ада Люмен' },
    ];
    renderProfile({ ...PROFILE, creator: { ...PROFILE.creator, otherNames } });
    await screen.findByRole('heading', { name: 'Ada Lumen', level: 2 });
    const line = screen.getByText(/Also known as/).closest('p') as HTMLElement;
    expect(line).toHaveTextContent('Also known as: エイダ・ルーメン · Eida Rumen · Ада Люмен');
    const spans = otherNames.map((other) => screen.getByText(other.name));
    expect(spans.map((span) => [span.textContent, span.getAttribute('lang')])).toEqual([
      ['エイダ・ルーメン', 'ja'],
      ['Eida Rumen', 'ja-Latn'],
      ['Ада Люмен', null],
    ]);
    for (const span of spans) expect(span.parentElement).toBe(line);
  });

  it('shows no other-names line for a creator without any', async () => {
    renderProfile({ ...PROFILE, creator: { ...PROFILE.creator, otherNames: [] } });
    await screen.findByRole('heading', { name: 'Ada Lumen', level: 2 });
    expect(screen.queryByText(/Also known as/)).not.toBeInTheDocument();
  });

  it('shows social links as chips with icons, and an unsafe URL as text only', async () => {
    renderProfile();
    const chips = within(await screen.findByRole('list', { name: 'Social links' }));
    expect(chips.getByRole('link', { name: 'YouTube' })).toHaveAttribute(
      'href',
      'https://www.youtube.com/@adalumen',
    );
    expect(chips.getByRole('link', { name: 'Instagram' })).toHaveAttribute(
      'href',
      'https://instagram.com/adalumen',
    );
    expect(chips.getByRole('link', { name: 'YouTube' }).querySelector('svg path')).toHaveAttribute('d');
    expect(chips.getByText('javascript:alert(1)')).toBeInTheDocument();
    expect(chips.getAllByRole('link')).toHaveLength(2);
    expect(document.querySelector('[href^="javascript:"]')).toBeNull();
  });

  it("lists 'All Videos (n)' with author chips, Collaboration badges, dates and Watch links", async () => {
    const { props, user } = renderProfile();
    expect(await screen.findByRole('heading', { name: 'All Videos (3)' })).toBeInTheDocument();
    const items = screen.getAllByRole('heading', { level: 4 }).map((heading) => heading.textContent);
    expect(items).toEqual(['Rooftop Cooking Duel', 'Workshop Tour', 'Morning Sketches']);
    expect(screen.getAllByText('Collaboration')).toHaveLength(2);
    expect(screen.getByText('Jun 1, 2024')).toHaveAttribute('datetime', '2024-06-01');

    // Watch only for http(s) URLs: the javascript: one gets no link.
    const watch = screen.getAllByRole('link', { name: /^Watch/ });
    expect(watch.map((link) => link.getAttribute('href'))).toEqual([
      'https://www.youtube.com/watch?v=aaaaaaaaaaa',
      'https://youtu.be/bbbbbbbbbbb',
    ]);

    // The current creator's chip is highlighted, not a button; the others open their pages.
    const first = screen.getByRole('heading', { name: 'Rooftop Cooking Duel' }).closest('li') as HTMLElement;
    expect(within(first).getByText('Ada Lumen')).toHaveAttribute('aria-current', 'true');
    expect(within(first).queryByRole('button', { name: 'Ada Lumen' })).not.toBeInTheDocument();
    await user.click(within(first).getByRole('button', { name: 'Bram Koster' }));
    expect(props.navigate).toHaveBeenCalledWith('author-page', { creatorId: 2 });
  });

  it("opens a frequent collaborator and goes 'Back to Search'", async () => {
    const { props, user } = renderProfile();
    const frequent = within(
      (await screen.findByRole('heading', { name: 'Frequent Collaborators' })).closest(
        'section',
      ) as HTMLElement,
    );
    await user.click(frequent.getByRole('button', { name: /Dario Vance/ }));
    expect(props.navigate).toHaveBeenLastCalledWith('author-page', { creatorId: 4 });

    await user.click(screen.getByRole('button', { name: /Back to Search/ }));
    expect(props.navigate).toHaveBeenLastCalledWith('search');
  });

  it("shows 'No videos found for this creator' when there are none", async () => {
    renderProfile({
      ...PROFILE,
      stats: { totalVideos: 0, soloVideos: 0, collaborations: 0, collaborators: 0 },
      frequentCollaborators: [],
      videos: [],
      videosTotal: 0,
      collaborationEvents: 0,
    });
    expect(await screen.findByText('No videos found for this creator')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'All Videos (0)' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Frequent Collaborators' })).not.toBeInTheDocument();
  });

  it("renders a long list a page at a time ('Show more videos'), counts from all videos", async () => {
    const total = VIDEO_PAGE_SIZE * 2 + 5;
    const { user } = renderProfile(prolific(total));
    expect(await screen.findByRole('heading', { name: `All Videos (${total})` })).toBeInTheDocument();
    expect(stat('Total Videos')).toBe(String(total));
    expect(stat('Collaborations')).toBe(String(Math.ceil(total / 3)));
    expect(rows()).toHaveLength(VIDEO_PAGE_SIZE);
    expect(rows()[0]).toBe('Video 1');
    expect(screen.getByRole('status')).toHaveTextContent(`Showing ${VIDEO_PAGE_SIZE} of ${total}`);

    // Keyboard: the button adds a page and focus goes to the first new row, not past the new rows.
    screen.getByRole('button', { name: 'Show more videos' }).focus();
    await user.keyboard('{Enter}');
    expect(rows()).toHaveLength(VIDEO_PAGE_SIZE * 2);
    expect(row(`Video ${VIDEO_PAGE_SIZE + 1}`)).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent(`Showing ${VIDEO_PAGE_SIZE * 2} of ${total}`);

    // The last page, from the server (the profile held the first PAGING.profileVideos): the button and
    // the count go, and focus is not dropped to the document.
    await user.click(screen.getByRole('button', { name: 'Show more videos' }));
    expect(await screen.findByRole('heading', { name: `Video ${total}`, level: 4 })).toBeInTheDocument();
    expect(rows()).toHaveLength(total);
    expect(rows()[total - 1]).toBe(`Video ${total}`);
    expect(row(`Video ${VIDEO_PAGE_SIZE * 2 + 1}`)).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Show more videos' })).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: `All Videos (${total})` })).toBeInTheDocument();
  });

  it('adds a page when the end of the list scrolls near, without moving focus', async () => {
    const observed: { callback: IntersectionObserverCallback; target?: Element }[] = [];
    const original = globalThis.IntersectionObserver;
    globalThis.IntersectionObserver = class {
      private readonly entry: (typeof observed)[number];
      constructor(callback: IntersectionObserverCallback) {
        this.entry = { callback };
        observed.push(this.entry);
      }
      observe(target: Element) {
        this.entry.target = target;
      }
      disconnect() {
        observed.splice(observed.indexOf(this.entry), 1);
      }
    } as unknown as typeof IntersectionObserver;
    try {
      renderProfile(prolific(VIDEO_PAGE_SIZE + 3));
      expect(await screen.findByRole('button', { name: 'Show more videos' })).toBeInTheDocument();
      expect(rows()).toHaveLength(VIDEO_PAGE_SIZE);
      const [{ callback, target }] = observed as [(typeof observed)[number]];
      expect(target).toContainElement(screen.getByRole('button', { name: 'Show more videos' }));

      act(() =>
        callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver),
      );
      expect(rows()).toHaveLength(VIDEO_PAGE_SIZE + 3);
      expect(document.body).toHaveFocus();
      expect(observed).toHaveLength(0);
    } finally {
      globalThis.IntersectionObserver = original;
    }
  });

  it("starts each creator's page from one page of videos, also one already loaded", async () => {
    const bram = { ...PROFILE.creator, id: 2, name: 'Bram Koster' };
    mockFetch({
      [`GET ${API_ROUTES.creatorProfile(1)}`]: { body: prolific(VIDEO_PAGE_SIZE * 2) },
      [`GET ${API_ROUTES.creatorProfile(2)}`]: { body: { ...prolific(VIDEO_PAGE_SIZE * 2), creator: bram } },
    });
    const props = viewProps({ params: { creatorId: 1 } });
    const { user, rerender, queryClient } = renderWithClient(<CreatorView {...props} />);
    const open = (creatorId: number) =>
      rerender(
        <QueryClientProvider client={queryClient}>
          <CreatorView {...props} params={{ creatorId }} />
        </QueryClientProvider>,
      );
    await user.click(await screen.findByRole('button', { name: 'Show more videos' }));
    expect(rows()).toHaveLength(VIDEO_PAGE_SIZE * 2);

    open(2);
    expect(await screen.findByRole('heading', { name: 'Bram Koster', level: 2 })).toBeInTheDocument();
    expect(rows()).toHaveLength(VIDEO_PAGE_SIZE);
    await user.click(screen.getByRole('button', { name: 'Show more videos' }));
    expect(rows()).toHaveLength(VIDEO_PAGE_SIZE * 2);

    // Ada's profile is cached, so her page renders at once (no spinner in between to unmount the list).
    open(1);
    expect(screen.getByRole('heading', { name: 'Ada Lumen', level: 2 })).toBeInTheDocument();
    expect(rows()).toHaveLength(VIDEO_PAGE_SIZE);
  });

  it('says so when the creator does not exist', async () => {
    mockFetch({
      [`GET ${API_ROUTES.creatorProfile(99)}`]: { status: 404, body: { error: 'Creator not found' } },
    });
    renderWithClient(<CreatorView {...viewProps({ params: { creatorId: 99 } })} />);
    expect(await screen.findByText('This creator could not be found.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Back to Search/ })).toBeInTheDocument();
  });
});
