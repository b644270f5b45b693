import { fireEvent, render, screen } from '@testing-library/react';
import { avatarColor, avatarHue, defaultAvatarUrl } from '@friends/shared';
import { CreatorPhoto } from './creator-photo';

/** The colour jsdom reads back from a style: the avatar's hsl() as rgb(). */
function rgbOf(color: string): string {
  const probe = document.createElement('i');
  probe.style.color = color;
  return probe.style.color;
}

describe('CreatorPhoto', () => {
  it("draws the generated avatar (the API's picture: initials on the name's colour) without fetching it", () => {
    render(<CreatorPhoto name="Ada Lumen" photo={defaultAvatarUrl('Ada Lumen')} size={64} />);
    const avatar = screen.getByRole('img', { name: 'Ada Lumen' });
    expect(avatar.tagName).toBe('SPAN');
    expect(avatar).toHaveAttribute('data-initials', 'AL');
    expect(rgbOf(avatar.style.backgroundColor)).toBe(rgbOf(avatarColor(avatarHue('Ada Lumen'))));
    expect(avatar.style.getPropertyValue('--pr-avatar-size')).toBe('64px');
    expect(document.querySelector('img')).toBeNull();
  });

  it("draws the name the avatar URL names, as the API's SVG does", () => {
    render(<CreatorPhoto name="Ada" photo={defaultAvatarUrl('Bo Quill')} size={40} />);
    expect(screen.getByRole('img', { name: 'Ada' })).toHaveAttribute('data-initials', 'BQ');
  });

  it('shows a real photo as a lazy image, and the drawn avatar when it fails to load', () => {
    render(<CreatorPhoto name="Ada Lumen" photo="https://img.example/ada.png" size={64} />);
    const photo = screen.getByRole('img', { name: 'Ada Lumen' });
    expect(photo).toHaveAttribute('src', 'https://img.example/ada.png');
    expect(photo).toHaveAttribute('loading', 'lazy');
    fireEvent.error(photo);
    expect(screen.getByRole('img', { name: 'Ada Lumen' })).toHaveAttribute('data-initials', 'AL');
  });

  it('draws the avatar for a photo that is no http(s) URL', () => {
    render(<CreatorPhoto name="Ada Lumen" photo="javascript:alert(1)" size={64} />);
    expect(screen.getByRole('img', { name: 'Ada Lumen' })).toHaveAttribute('data-initials', 'AL');
    expect(document.querySelector('img')).toBeNull();
  });

  it('is hidden from assistive technology when decorative (the name is beside it)', () => {
    const { container } = render(
      <CreatorPhoto name="Ada Lumen" photo={defaultAvatarUrl('Ada Lumen')} size={24} decorative />,
    );
    expect(screen.queryByRole('img')).toBeNull();
    expect(container.firstElementChild).toHaveAttribute('aria-hidden', 'true');
  });
});
