import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TabBar } from './tab-bar';

const tabNames = () => screen.getAllByRole('button').map((tab) => tab.textContent);

describe('TabBar', () => {
  it("shows a visitor the public tabs and 'Admin'", () => {
    render(<TabBar view="search" isAdmin={false} pendingSuggestions={0} onSelect={jest.fn()} />);
    expect(tabNames()).toEqual(['Search Creators', 'Leaderboard', 'Admin']);
    expect(screen.getByRole('button', { name: 'Search Creators' })).toHaveAttribute('aria-current', 'page');
  });

  it("shows an admin the admin tabs, no 'Admin', and the pending count as a badge", () => {
    render(
      <TabBar view="suggestions" isAdmin pendingSuggestions={3} pendingReview={5} onSelect={jest.fn()} />,
    );
    expect(tabNames()).toEqual([
      'Search Creators',
      'Leaderboard',
      'Manage Videos',
      'Suggestions3',
      'Review5',
      'Manage Creators',
      'Groups',
      'Analytics',
      'History',
    ]);
    const suggestions = screen.getByRole('button', { name: 'Suggestions 3 pending' });
    expect(suggestions).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('3')).toHaveClass('badge');
  });

  it('shows no badge when nothing is pending, and reports the chosen view', async () => {
    const onSelect = jest.fn();
    render(<TabBar view="search" isAdmin pendingSuggestions={0} onSelect={onSelect} />);
    expect(screen.getByRole('button', { name: 'Suggestions' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Analytics' }));
    expect(onSelect).toHaveBeenCalledWith('stats');
  });
});
