import { defaultRules, type PoolRules } from '@treble/contracts';

export type UsageTone = 'green' | 'amber' | 'red' | 'grey';

/** SPEC section 9: green up to 3, amber up to 5, red below the cap, grey at the cap or more. */
export function usageTone(count: number, rules: PoolRules = defaultRules): UsageTone {
  if (count >= rules.maxUsesPerTeam) return 'grey';
  if (count <= 3) return 'green';
  if (count <= 5) return 'amber';
  return 'red';
}

/** "2d 4h", "3h 12m", "45s"; null once the instant has passed. */
export function formatCountdown(targetIso: string, now: number): string | null {
  const ms = new Date(targetIso).getTime() - now;
  if (Number.isNaN(ms) || ms <= 0) return null;
  const seconds = Math.floor(ms / 1000);
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${minutes}m`;
  if (minutes > 0) return `${minutes}m ${seconds % 60}s`;
  return `${seconds}s`;
}
