import { render, screen } from '@testing-library/react';
import type { CreatorListItem } from '@friends/shared';
import { CreatorGrid } from './creator-grid';

const creator = (id: number): CreatorListItem => ({
  id,
  name: `Creator ${id}`,
  channel: '',
  photo: '',
  socialLinks: [],
  otherNames: [],
  videoCount: 0,
  collabCount: 0,
  aliases: [],
});

describe('CreatorGrid', () => {
  const noop = () => undefined;

  it('asks for more while matches the pages reach remain', () => {
    render(<CreatorGrid creators={[creator(1)]} remaining={5} loading={false} onMore={noop} onOpen={noop} />);
    expect(screen.getByRole('button', { name: 'Show more (5 more)' })).toBeVisible();
    expect(screen.queryByText(/Narrow the search/)).toBeNull();
  });

  it('says the pages reach no further when more match than they reach', () => {
    render(
      <CreatorGrid
        creators={[creator(1), creator(2)]}
        remaining={0}
        beyondReachOf={12345}
        loading={false}
        onMore={noop}
        onOpen={noop}
      />,
    );
    expect(screen.queryByRole('button', { name: /Show more/ })).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Showing the first 2 of 12,345 matches. Narrow the search to find the others.',
    );
  });
});
