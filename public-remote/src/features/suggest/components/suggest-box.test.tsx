import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { API_ROUTES, MESSAGES, THANK_YOU_BANNER_MS } from '@friends/shared';
import { mockFetch } from '../../../test-utils/mock-fetch';
import { renderWithClient } from '../../../test-utils/render';
import { SuggestBox } from './suggest-box';

const URL = 'https://www.youtube.com/watch?v=abcdefghijk';

describe('SuggestBox', () => {
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('opens and closes, and keeps Submit disabled while the URL is blank', async () => {
    mockFetch({});
    const { user } = renderWithClient(<SuggestBox />);
    const toggle = screen.getByRole('button', { name: 'Suggest a Video' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('textbox', { name: 'YouTube URL' })).not.toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const field = screen.getByRole('textbox', { name: 'YouTube URL' });
    const submit = screen.getByRole('button', { name: 'Submit Suggestion' });
    expect(submit).toBeDisabled();
    await user.type(field, '   ');
    expect(submit).toBeDisabled();
    await user.type(field, 'x');
    expect(submit).toBeEnabled();

    await user.click(toggle);
    expect(screen.queryByRole('textbox', { name: 'YouTube URL' })).not.toBeInTheDocument();
  });

  it('does not submit on the Enter an input method takes to commit its text', async () => {
    const { calls } = mockFetch({});
    const { user } = renderWithClient(<SuggestBox />);
    await user.click(screen.getByRole('button', { name: 'Suggest a Video' }));
    const field = screen.getByRole('textbox', { name: 'YouTube URL' });
    await user.type(field, URL);
    expect(fireEvent.keyDown(field, { key: 'Enter', isComposing: true })).toBe(false);
    expect(fireEvent.keyDown(field, { key: 'Enter', keyCode: 229 })).toBe(false);
    expect(fireEvent.keyDown(field, { key: 'Enter' })).toBe(true);
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('posts the URL, clears the field and shows the thank-you banner for THANK_YOU_BANNER_MS', async () => {
    jest.useFakeTimers();
    const { calls } = mockFetch({
      [`POST ${API_ROUTES.suggestions}`]: {
        status: 201,
        body: { id: 1, url: URL, status: 'pending', submittedAt: '2024-01-01T00:00:00Z' },
      },
    });
    const { user } = renderWithClient(<SuggestBox />, { advanceTimers: jest.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: 'Suggest a Video' }));
    await user.type(screen.getByRole('textbox', { name: 'YouTube URL' }), `  ${URL} `);
    await act(() => user.click(screen.getByRole('button', { name: 'Submit Suggestion' })));

    expect(await screen.findByText(MESSAGES.suggestionThanks)).toBeInTheDocument();
    expect(calls).toContainEqual(expect.objectContaining({ method: 'POST', body: { url: URL } }));
    expect(screen.getByRole('textbox', { name: 'YouTube URL' })).toHaveValue('');

    act(() => jest.advanceTimersByTime(THANK_YOU_BANNER_MS - 100));
    expect(screen.getByText(MESSAGES.suggestionThanks)).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(100));
    expect(screen.queryByText(MESSAGES.suggestionThanks)).not.toBeInTheDocument();
  });

  it("alerts the server's error and keeps the URL when the API refuses", async () => {
    const alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch({
      [`POST ${API_ROUTES.suggestions}`]: { status: 429, body: { error: 'Too many suggestions' } },
    });
    const { user } = renderWithClient(<SuggestBox />);
    await user.click(screen.getByRole('button', { name: 'Suggest a Video' }));
    await user.type(screen.getByRole('textbox', { name: 'YouTube URL' }), URL);
    await user.click(screen.getByRole('button', { name: 'Submit Suggestion' }));

    await waitFor(() => expect(alert).toHaveBeenCalledWith('Too many suggestions'));
    expect(screen.getByRole('textbox', { name: 'YouTube URL' })).toHaveValue(URL);
    expect(screen.queryByText(MESSAGES.suggestionThanks)).not.toBeInTheDocument();
  });
});
