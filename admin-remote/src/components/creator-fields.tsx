/**
 * The fields of a creator form (name, photo URL, social-link rows), shared by Add New Creator, the
 * quick-add box and inline creator editing so all three follow docs/product.md §5 the same way: the name is
 * limited to LIMITS.creatorName, each link's platform is detected from its URL and shown read-only,
 * and a link row can be removed only while there is more than one.
 */
import { useId } from 'react';
import {
  LIMITS,
  channelFromLinks,
  detectPlatform,
  normalizeSocialLinks,
  type CreatorInput,
  type OtherName,
  type SocialLink,
} from '@friends/shared';
import { PlatformIcon } from './platform-icon';
import { useToolSlots } from './tool-slots';

export interface CreatorDraft {
  name: string;
  photo: string;
  /** Only URLs: the platform is always derived from the URL. */
  links: { url: string }[];
  /** Other names (any script) with an optional BCP 47 tag; blank rows are dropped on save. */
  otherNames?: { name: string; lang: string }[];
}

export const EMPTY_CREATOR_DRAFT: CreatorDraft = {
  name: '',
  photo: '',
  links: [{ url: '' }],
  otherNames: [],
};

/** A draft from a saved creator, with one empty link row when it has none. */
export function draftFromCreator(creator: {
  name: string;
  photo: string;
  socialLinks: readonly SocialLink[];
  otherNames?: readonly OtherName[];
}): CreatorDraft {
  return {
    name: creator.name,
    photo: creator.photo,
    otherNames: (creator.otherNames ?? []).map((other) => ({ name: other.name, lang: other.lang ?? '' })),
    links:
      creator.socialLinks.length > 0 ? creator.socialLinks.map((link) => ({ url: link.url })) : [{ url: '' }],
  };
}

/** The API payload: trimmed name, blank links dropped, channel = first link, no photo → API avatar. */
export function creatorInputFromDraft(draft: CreatorDraft): CreatorInput {
  const socialLinks = normalizeSocialLinks(draft.links);
  const photo = draft.photo.trim();
  const otherNames = (draft.otherNames ?? [])
    .filter((other) => other.name.trim() !== '')
    .map((other) =>
      other.lang.trim() ? { name: other.name.trim(), lang: other.lang.trim() } : { name: other.name.trim() },
    );
  return {
    name: draft.name.trim(),
    channel: channelFromLinks(socialLinks),
    ...(photo ? { photo } : {}),
    socialLinks,
    ...(draft.otherNames ? { otherNames } : {}),
  };
}

interface CreatorFieldsProps {
  draft: CreatorDraft;
  onChange: (draft: CreatorDraft) => void;
  /** Focus the name field when the fields appear (inline edit, quick-add). */
  autoFocus?: boolean;
  /** Show the social-link rows (the quick-add box keeps to one link). */
  multipleLinks?: boolean;
}

export function CreatorFields({
  draft,
  onChange,
  autoFocus = false,
  multipleLinks = true,
}: CreatorFieldsProps) {
  const id = useId();
  const setLink = (index: number, url: string) =>
    onChange({ ...draft, links: draft.links.map((link, i) => (i === index ? { url } : link)) });
  const removeLink = (index: number) =>
    onChange({ ...draft, links: draft.links.filter((_, i) => i !== index) });
  const addLink = () => onChange({ ...draft, links: [...draft.links, { url: '' }] });
  const links = multipleLinks ? draft.links : draft.links.slice(0, 1);
  const others = draft.otherNames ?? [];
  const setOther = (index: number, change: Partial<{ name: string; lang: string }>) =>
    onChange({
      ...draft,
      otherNames: others.map((other, i) => (i === index ? { ...other, ...change } : other)),
    });
  const { creatorInfo: CreatorInfoTool } = useToolSlots();

  return (
    <div className="admin-creator-fields">
      <div className="admin-field">
        <label htmlFor={`${id}-name`}>Name</label>
        <input
          id={`${id}-name`}
          type="text"
          value={draft.name}
          maxLength={LIMITS.creatorName}
          autoComplete="off"
          autoFocus={autoFocus}
          required
          onChange={(event) => onChange({ ...draft, name: event.target.value })}
        />
      </div>
      <div className="admin-field">
        <label htmlFor={`${id}-photo`}>Photo URL</label>
        <input
          id={`${id}-photo`}
          type="text"
          inputMode="url"
          placeholder="Leave empty for a generated avatar"
          value={draft.photo}
          maxLength={LIMITS.url}
          onChange={(event) => onChange({ ...draft, photo: event.target.value })}
        />
      </div>
      <fieldset className="admin-links">
        <legend>Social links</legend>
        {links.map((link, index) => {
          const platform = detectPlatform(link.url);
          const label = links.length > 1 ? `Link ${index + 1} URL` : 'Link URL';
          return (
            <div className="admin-links__row" key={index}>
              <label className="admin-visually-hidden" htmlFor={`${id}-link-${index}`}>
                {label}
              </label>
              <input
                id={`${id}-link-${index}`}
                type="text"
                inputMode="url"
                placeholder="https://youtube.com/@channel"
                value={link.url}
                maxLength={LIMITS.url}
                onChange={(event) => setLink(index, event.target.value)}
              />
              {/* Empty until the URL names a platform; it takes no room then (admin.css). */}
              <span
                className="admin-links__platform"
                aria-label={`Detected platform for link ${index + 1}`}
                role="status"
              >
                {platform ? (
                  <>
                    <PlatformIcon platform={platform} />
                    <span>{platform}</span>
                  </>
                ) : null}
              </span>
              {links.length > 1 ? (
                <button
                  type="button"
                  className="admin-button admin-button--icon"
                  aria-label={`Remove link ${index + 1}`}
                  onClick={() => removeLink(index)}
                >
                  ✕
                </button>
              ) : null}
            </div>
          );
        })}
        {multipleLinks && draft.links.length < LIMITS.socialLinks ? (
          <button type="button" className="admin-button admin-button--ghost" onClick={addLink}>
            + Add link
          </button>
        ) : null}
        {CreatorInfoTool ? (
          <CreatorInfoTool
            urls={links.map((link) => link.url)}
            onApply={(info) =>
              onChange({ ...draft, name: info.name || draft.name, photo: info.photo || draft.photo })
            }
          />
        ) : null}
      </fieldset>
      {multipleLinks ? (
        <fieldset className="admin-links">
          <legend>Other names</legend>
          {others.map((other, index) => (
            <div className="admin-links__row" key={index}>
              <label className="admin-visually-hidden" htmlFor={`${id}-other-${index}`}>
                {`Other name ${index + 1}`}
              </label>
              <input
                id={`${id}-other-${index}`}
                type="text"
                placeholder="兎田ぺこら, Usada Pekora…"
                value={other.name}
                maxLength={LIMITS.creatorName}
                onChange={(event) => setOther(index, { name: event.target.value })}
              />
              <label className="admin-visually-hidden" htmlFor={`${id}-other-lang-${index}`}>
                {`Language of other name ${index + 1}`}
              </label>
              <input
                id={`${id}-other-lang-${index}`}
                type="text"
                placeholder="ja, ja-Latn, ko…"
                size={8}
                value={other.lang}
                maxLength={LIMITS.languageTag}
                onChange={(event) => setOther(index, { lang: event.target.value })}
              />
              <button
                type="button"
                className="admin-button admin-button--icon"
                aria-label={`Remove other name ${index + 1}`}
                onClick={() => onChange({ ...draft, otherNames: others.filter((_, i) => i !== index) })}
              >
                ✕
              </button>
            </div>
          ))}
          {others.length < LIMITS.otherNames ? (
            <button
              type="button"
              className="admin-button admin-button--ghost"
              onClick={() => onChange({ ...draft, otherNames: [...others, { name: '', lang: '' }] })}
            >
              + Add other name
            </button>
          ) : null}
        </fieldset>
      ) : null}
    </div>
  );
}
