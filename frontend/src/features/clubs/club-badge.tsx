/**
 * Club badges: the club's short code on its colours, from this small bundled table (no images from
 * third-party hosts). Clubs outside the table (custom options, promoted sides of a later season) get
 * a neutral badge with the first three letters of their key.
 */
const clubColours: Record<string, readonly [background: string, text: string]> = {
  ARS: ['#db0007', '#ffffff'],
  AVL: ['#670e36', '#95bfe5'],
  BHA: ['#0057b8', '#ffffff'],
  BOU: ['#da291c', '#000000'],
  BRE: ['#e30613', '#ffffff'],
  BUR: ['#6c1d45', '#99d6ea'],
  CHE: ['#034694', '#ffffff'],
  CRY: ['#1b458f', '#ffffff'],
  EVE: ['#003399', '#ffffff'],
  FUL: ['#ffffff', '#000000'],
  IPS: ['#0044a9', '#ffffff'],
  LEE: ['#ffffff', '#1d428a'],
  LEI: ['#003090', '#fdbe11'],
  LIV: ['#c8102e', '#ffffff'],
  MCI: ['#6cabdd', '#1c2c5b'],
  MUN: ['#da291c', '#fbe122'],
  NEW: ['#241f20', '#ffffff'],
  NOT: ['#dd0000', '#ffffff'],
  SHU: ['#ee2737', '#ffffff'],
  SOU: ['#d71920', '#ffffff'],
  SUN: ['#eb172b', '#ffffff'],
  TOT: ['#132257', '#ffffff'],
  WHU: ['#7a263a', '#1bb1e7'],
  WOL: ['#fdb913', '#231f20'],
};

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((start) => {
    const channel = parseInt(hex.slice(start, start + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

function darken(hex: string): string {
  return `#${[1, 3, 5]
    .map((start) =>
      Math.round(parseInt(hex.slice(start, start + 2), 16) * 0.88)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/**
 * The colours a badge is drawn in: the club's own text colour when it reads well on the club's
 * colour (WCAG AA, 4.5:1), else white or black, whichever reads better; a colour that reads well
 * with neither is darkened until white does.
 */
export function badgeColours(background: string, text: string): { background: string; color: string } {
  let fill = background;
  for (let step = 0; step < 12; step += 1) {
    const best = [text, '#ffffff', '#111111'].find((candidate) => contrast(fill, candidate) >= 4.5);
    if (best) return { background: fill, color: best };
    fill = darken(fill);
  }
  return { background: fill, color: '#ffffff' };
}

export function clubCode(teamKey: string): string {
  return (
    teamKey
      .replace(/[^A-Za-z0-9]/g, '')
      .slice(0, 3)
      .toUpperCase() || '?'
  );
}

/** A small round badge: decorative, the club's name is always written beside it. */
export function ClubBadge({ teamKey, size = 'medium' }: { teamKey: string; size?: 'small' | 'medium' }) {
  const code = clubCode(teamKey);
  const colours = clubColours[code];
  return (
    <span
      className={`club-badge club-badge--${size}${colours ? '' : ' club-badge--neutral'}`}
      style={colours ? badgeColours(colours[0], colours[1]) : undefined}
      aria-hidden="true"
      data-testid="club-badge"
    >
      {code}
    </span>
  );
}
