import { render, screen, within } from '@testing-library/react';
import type { Video } from '@friends/shared';
import { VideoList } from './video-list';

const cookOff: Video = {
  id: 7,
  title: 'Cook-Off (my POV)',
  url: 'https://www.youtube.com/watch?v=aaaaaaaaaaa',
  date: '2026-03-14',
  authorIds: [1, 2, 3],
  authors: [
    { id: 1, name: 'Ada Lumen', role: 'host', creditedAs: null },
    { id: 2, name: 'Bram Koster', role: 'featured', creditedAs: 'Bram K.' },
    { id: 3, name: 'Cleo Marsh', role: 'guest', creditedAs: null },
  ],
  eventId: 4,
  crew: [
    { name: 'Sam Hollis', job: 'editor', creatorId: null },
    { name: 'Ivy Park', job: 'thumbnail', creatorId: null },
  ],
};
const solo: Video = {
  ...cookOff,
  id: 8,
  title: 'Morning Sketches',
  authorIds: [1],
  authors: [{ id: 1, name: 'Ada Lumen', role: 'host', creditedAs: null }],
  eventId: null,
  crew: [],
};

describe('VideoList roles and crew', () => {
  it("shows each author's role on a collaboration, the credited name, and the crew apart from the authors", () => {
    render(<VideoList videos={[cookOff, solo]} currentIds={[1]} onOpen={() => undefined} />);
    const [collab, alone] = screen.getAllByRole('listitem').filter((li) => li.classList.contains('pr-video'));
    const authors = within(collab!).getByRole('list', { name: 'Authors' });
    expect(
      within(authors)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Ada LumenHost', 'Bram KosterFeaturedas Bram K.', 'Cleo MarshGuest']);
    expect(within(authors).getByRole('button', { name: 'Bram Koster' })).toBeInTheDocument();
    expect(collab!.querySelector('.pr-video__crew')).toHaveTextContent(
      'Edited by Sam Hollis · Thumbnail by Ivy Park',
    );
    expect(within(authors).queryByText('Sam Hollis')).toBeNull();
    // A solo video shows no role.
    expect(within(alone!).queryByText('Host')).toBeNull();
  });
});

describe('VideoList past what the pages reach', () => {
  const many = (n: number): Video[] => Array.from({ length: n }, (_, i) => ({ ...solo, id: 100 + i }));

  it('offers no more pages once the reachable ones are shown, and says how to find the others', () => {
    const onLoadMore = jest.fn();
    render(
      <VideoList
        videos={many(3)}
        total={40}
        reachable={3}
        onLoadMore={onLoadMore}
        currentIds={[1]}
        onOpen={() => undefined}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Show more videos' })).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Showing the first 3 of 40 matches. Narrow the search to find the others.',
    );
    expect(onLoadMore).not.toHaveBeenCalled();
  });

  it('pages on while more are reachable, with no note', () => {
    render(
      <VideoList videos={many(3)} total={40} reachable={10} currentIds={[1]} onOpen={() => undefined} />,
    );
    expect(screen.getByRole('button', { name: 'Show more videos' })).toBeVisible();
    expect(screen.queryByText(/Narrow the search/)).toBeNull();
  });
});
