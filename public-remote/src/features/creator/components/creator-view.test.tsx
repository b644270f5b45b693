import { screen, within } from '@testing-library/react';
import { API_ROUTES } from '@friends/shared';
import { PROFILE } from '../../../test-utils/fixtures';
import { mockFetch } from '../../../test-utils/mock-fetch';
import { renderWithClient, viewProps } from '../../../test-utils/render';
import { CreatorView } from './creator-view';

function renderProfile(profile = PROFILE) {
  mockFetch({ [`GET ${API_ROUTES.creatorProfile(1)}`]: { body: profile } });
  const props = viewProps({ params: { creatorId: 1 } });
  return { props, ...renderWithClient(<CreatorView {...props} />) };
}

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
    });
    expect(await screen.findByText('No videos found for this creator')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'All Videos (0)' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Frequent Collaborators' })).not.toBeInTheDocument();
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
