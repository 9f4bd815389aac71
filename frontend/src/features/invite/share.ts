import { defaultRules, type PoolRules, type UserStats } from '@treble/contracts';

export type ShareKind = 'rank' | 'invite' | 'results' | 'survivor';

export interface ShareMessage {
  kind: ShareKind;
  title: string;
  text: string;
  /** Why it cannot be shared yet; null when it can. */
  disabledReason: string | null;
}

/**
 * The Social Share messages. They need the player's stats (docs/rules.md, Screens: enabled only when stats exist):
 * rank once the player is ranked, results once a period has a score, survivor only while alive.
 */
export function shareMessages(
  stats: UserStats | null,
  link: string,
  rules: PoolRules = defaultRules,
): ShareMessage[] {
  const ranked = stats !== null && stats.overallRank !== null;
  const latest = stats ? [...stats.scores].sort((a, b) => b.periodId - a.periodId)[0] : undefined;
  const alive = ranked && stats !== null && !stats.isEliminated;
  const noStats = 'Available once you have stats.';
  return [
    {
      kind: 'rank',
      title: 'Share your rank',
      text: ranked
        ? `I'm ranked #${stats.overallRank} with ${stats.totalPoints} points in our Premier League prediction pool. Think you can beat me? ${link}`
        : '',
      disabledReason: ranked ? null : 'Available once you are ranked.',
    },
    {
      kind: 'invite',
      title: 'Invite friends',
      text: `Join our Premier League prediction pool: pick ${rules.picksPerPeriod} teams every matchweek and play Overall, Survivor and Last 10 at once. ${link}`,
      disabledReason: stats === null ? noStats : null,
    },
    {
      kind: 'results',
      title: 'Share your latest result',
      text: latest
        ? `I scored ${latest.totalPoints} point${latest.totalPoints === 1 ? '' : 's'} in Matchweek ${latest.periodId} of our Premier League prediction pool. ${link}`
        : '',
      disabledReason: latest ? null : 'Available once a period has your score.',
    },
    {
      kind: 'survivor',
      title: 'Survivor streak',
      text: alive
        ? `Still standing in Survivor with ${stats.strikeCount}/${rules.survivor.strikesToEliminate} strikes! ${link}`
        : '',
      disabledReason: alive
        ? null
        : stats?.isEliminated
          ? 'Only while you are still in Survivor.'
          : 'Available once you are ranked.',
    },
  ];
}

export type SocialNetwork = 'Twitter' | 'Facebook' | 'LinkedIn' | 'WhatsApp';

export const socialNetworks: SocialNetwork[] = ['Twitter', 'Facebook', 'LinkedIn', 'WhatsApp'];

/** The public share page of each network for a link and a message. */
export function shareUrl(network: SocialNetwork, link: string, text: string): string {
  const url = encodeURIComponent(link);
  switch (network) {
    case 'Twitter':
      return `https://twitter.com/intent/tweet?text=${encodeURIComponent(text)}&url=${url}`;
    case 'Facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${url}`;
    case 'LinkedIn':
      return `https://www.linkedin.com/sharing/share-offsite/?url=${url}`;
    case 'WhatsApp':
      return `https://wa.me/?text=${encodeURIComponent(`${text} ${link}`.trim())}`;
    default: {
      const unknown: never = network;
      throw new Error(`Unknown network ${String(unknown)}`);
    }
  }
}

/** docs/rules.md, Screens: the share popup is 600x400. */
export function openSharePopup(url: string): void {
  window.open(url, 'treble-share', 'width=600,height=400,noopener,noreferrer');
}

/** A mailto: link that opens the player's own e-mail app with an invitation to edit and send. */
export function mailtoInvite(
  email: string,
  inviterName: string,
  link: string,
  rules: PoolRules = defaultRules,
): string {
  const subject = `${inviterName} invites you to a Premier League prediction pool`;
  const body = [
    `Hi,`,
    '',
    `I'm playing in a Premier League prediction pool on Treble: pick ${rules.picksPerPeriod} teams every matchweek and compete in Overall, Survivor and Last 10.`,
    '',
    `Have a look: ${link}`,
  ].join('\n');
  return `mailto:${encodeURIComponent(email)}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
