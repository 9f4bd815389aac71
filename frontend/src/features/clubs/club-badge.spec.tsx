import { expect, test } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { badgeColours, ClubBadge, clubCode } from './club-badge';

test('a badge shows the club code on its colours, readable (4.5:1) whatever the club', () => {
  render(<ClubBadge teamKey="ARS" />);
  const badge = screen.getByTestId('club-badge');
  expect(badge.textContent).toBe('ARS');
  expect(badge.getAttribute('aria-hidden')).toBe('true');
  expect(badge.style.background).not.toBe('');
  // Red with black text reads badly: the badge picks white, darkening the red if it must.
  expect(badgeColours('#da291c', '#000000').color).toBe('#ffffff');
  expect(badgeColours('#ffffff', '#000000')).toEqual({ background: '#ffffff', color: '#000000' });
  expect(clubCode('c12-custom')).toBe('C12');
});

test('a club outside the table gets a neutral badge', () => {
  render(<ClubBadge teamKey="XYZ" />);
  expect(screen.getByTestId('club-badge').className).toContain('club-badge--neutral');
});
