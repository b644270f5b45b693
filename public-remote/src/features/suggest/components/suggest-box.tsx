/**
 * 'Suggest a Video' (docs/product.md §2 search): a collapsible box with a YouTube URL field. Submit is
 * disabled while the field is blank (no other format check); after a submit the thank-you banner shows
 * for THANK_YOU_BANNER_MS and the field is cleared. A refusal (429, too many) is logged and alerted with
 * the server's words (§8), and the URL stays for another try.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { LIMITS, MESSAGES, THANK_YOU_BANNER_MS } from '@friends/shared';
import { useCreateSuggestion } from '../api/create-suggestion';
import { isComposingEnter } from '@friends/web/ime';

export function SuggestBox() {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState('');
  const [thanked, setThanked] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const suggest = useCreateSuggestion();

  useEffect(() => () => clearTimeout(timer.current), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = url.trim();
    if (!value) return;
    suggest.mutate(
      { url: value },
      {
        onSuccess: () => {
          setUrl('');
          setThanked(true);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => setThanked(false), THANK_YOU_BANNER_MS);
        },
        onError: (failure) => {
          console.error(failure);
          window.alert(failure.message);
        },
      },
    );
  };

  return (
    <section className="pr-suggest">
      <h2 className="pr-suggest__title">
        <button
          type="button"
          className="pr-suggest__toggle"
          aria-expanded={open}
          aria-controls={`${id}-panel`}
          onClick={() => setOpen((value) => !value)}
        >
          <span aria-hidden="true" className="pr-suggest__chevron">
            {open ? '▾' : '▸'}
          </span>
          Suggest a Video
        </button>
      </h2>
      {thanked && (
        <p className="pr-banner pr-banner--success" role="status">
          {MESSAGES.suggestionThanks}
        </p>
      )}
      {open && (
        <form id={`${id}-panel`} className="pr-suggest__form" onSubmit={submit}>
          <label htmlFor={`${id}-url`}>YouTube URL</label>
          <div className="pr-suggest__row">
            <input
              id={`${id}-url`}
              className="pr-input"
              type="text"
              inputMode="url"
              placeholder="https://www.youtube.com/watch?v=..."
              maxLength={LIMITS.suggestionUrl}
              value={url}
              onChange={(event) => setUrl(event.target.value)}
              onKeyDown={(event) => {
                // Enter that commits an input method's text must not submit the form.
                if (isComposingEnter(event)) event.preventDefault();
              }}
            />
            <button
              type="submit"
              className="pr-button pr-button--primary"
              disabled={!url.trim() || suggest.isPending}
            >
              Submit Suggestion
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
