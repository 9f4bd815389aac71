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

export function clubCode(teamKey: string): string {
  return teamKey.replace(/[^A-Za-z0-9]/g, '').slice(0, 3).toUpperCase() || '?';
}

/** A small round badge: decorative, the club's name is always written beside it. */
export function ClubBadge({ teamKey, size = 'medium' }: { teamKey: string; size?: 'small' | 'medium' }) {
  const code = clubCode(teamKey);
  const colours = clubColours[code];
  return (
    <span
      className={`club-badge club-badge--${size}${colours ? '' : ' club-badge--neutral'}`}
      style={colours ? { background: colours[0], color: colours[1] } : undefined}
      aria-hidden="true"
      data-testid="club-badge"
    >
      {code}
    </span>
  );
}
