import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PagedList } from './paged-list';

const rows = Array.from({ length: 5 }, (_, i) => ({ id: i + 1, name: `Row ${i + 1}` }));

function renderList(props: Partial<Parameters<typeof PagedList<(typeof rows)[number]>>[0]> = {}) {
  const loadMore = jest.fn();
  render(
    <PagedList
      items={rows}
      getKey={(row) => row.id}
      renderItem={(row) => <span>{row.name}</span>}
      label="Things"
      total={12}
      hasMore
      loading={false}
      loadMore={loadMore}
      {...props}
    />,
  );
  return { loadMore, list: within(screen.getByRole('list', { name: 'Things' })) };
}

describe('PagedList', () => {
  // jsdom lays nothing out: every loaded row renders, as for a list too short to window.
  it('renders the loaded rows with their place among all the matches', () => {
    const { list } = renderList();
    const items = list.getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(rows.map((row) => row.name));
    expect(items.map((item) => item.getAttribute('aria-posinset'))).toEqual(['1', '2', '3', '4', '5']);
    expect(items.every((item) => item.getAttribute('aria-setsize') === '12')).toBe(true);
  });

  it("asks for the next page with 'Show more', saying how many are left", async () => {
    const { loadMore } = renderList();
    await userEvent.click(screen.getByRole('button', { name: 'Show more (7 more)' }));
    expect(loadMore).toHaveBeenCalledTimes(1);
  });

  it('says "n+ more" and no list size when the server counted only part of the matches', async () => {
    const { loadMore, list } = renderList({ totalCapped: true });
    expect(list.getAllByRole('listitem').every((item) => item.getAttribute('aria-setsize') === '-1')).toBe(
      true,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Show more (7+ more)' }));
    expect(loadMore).toHaveBeenCalledTimes(1);
  });

  it('shows that a page is on its way', () => {
    renderList({ loading: true });
    expect(screen.getByRole('button', { name: 'Loading more…' })).toBeDisabled();
  });

  it('offers no more once every match is loaded', () => {
    renderList({ hasMore: false, total: 5 });
    expect(screen.queryByRole('button', { name: /Show more|Loading/ })).not.toBeInTheDocument();
  });
});
