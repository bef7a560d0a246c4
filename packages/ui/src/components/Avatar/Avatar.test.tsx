import { fireEvent, render, screen } from '@testing-library/react';
import { I18nProvider } from 'react-aria-components';
import { describe, expect, it } from 'vitest';
import { Avatar } from './Avatar.js';

describe('Avatar', () => {
  it('shows initials in the current language and is named by the person', () => {
    render(
      <I18nProvider locale="km-KH">
        <Avatar name={{ km: 'សុខ ដារា', en: 'Sok Dara' }} />
      </I18nProvider>,
    );
    const avatar = screen.getByRole('img', { name: 'សុខ ដារា' });
    expect(avatar).toHaveTextContent('សុដា');
  });

  it('shows the photo, and initials again if it fails to load', () => {
    render(<Avatar name="Sok Dara" src="/missing.jpg" />);
    const avatar = screen.getByRole('img', { name: 'Sok Dara' });
    const photo = avatar.querySelector('img')!;
    expect(photo).toHaveAttribute('src', '/missing.jpg');
    fireEvent.error(photo);
    expect(avatar).toHaveTextContent('SD');
  });
});
