import type { Period } from '@treble/contracts';
import { Link, useNavigate } from '@tanstack/react-router';

/**
 * Whether a period still takes picks, on the server's word (never the device's clock: a demo pool
 * runs on a clock of its own). The server may say so itself (`isOpenForPicks` on the periods list);
 * until it does, a period takes picks while it is not completed and is the current period or a later
 * one. Picking ahead is allowed: every such period is open, not only the current one.
 */
export function isOpenForPicks(
  period: Period & { isOpenForPicks?: boolean },
  currentId: number | null,
): boolean {
  if (typeof period.isOpenForPicks === 'boolean') return period.isOpenForPicks;
  if (period.isCompleted || period.isManuallyCompleted) return false;
  return currentId === null || period.id >= currentId;
}

/** Moves between periods: the open ones (for picks) and the past ones (read-only). */
export function PeriodSwitcher({
  periods,
  selectedId,
  currentId,
}: {
  periods: Period[];
  selectedId: number;
  currentId: number | null;
}) {
  const sorted = [...periods].sort((a, b) => a.id - b.id);
  const open = sorted.filter((period) => isOpenForPicks(period, currentId));
  const past = sorted.filter((period) => !isOpenForPicks(period, currentId));
  const reachable = [...past, ...open].sort((a, b) => a.id - b.id);
  const index = reachable.findIndex((period) => period.id === selectedId);
  const previous = index > 0 ? reachable[index - 1] : undefined;
  const next = index >= 0 && index < reachable.length - 1 ? reachable[index + 1] : undefined;
  const label = (period: Period) => `${period.name}${period.id === currentId ? ' (current)' : ''}`;
  return (
    <nav className="period-switcher" aria-label="Periods">
      {previous ? (
        <Link
          to="/predictions"
          search={{ period: previous.id }}
          className="button"
          aria-label={`Previous: ${previous.name}`}
        >
          ‹
        </Link>
      ) : (
        <span className="button" aria-hidden="true" data-disabled="true">
          ‹
        </span>
      )}
      <PeriodSelect open={open} past={past} selectedId={selectedId} label={label} />
      {next ? (
        <Link
          to="/predictions"
          search={{ period: next.id }}
          className="button"
          aria-label={`Next: ${next.name}`}
        >
          ›
        </Link>
      ) : (
        <span className="button" aria-hidden="true" data-disabled="true">
          ›
        </span>
      )}
    </nav>
  );
}

function PeriodSelect({
  open,
  past,
  selectedId,
  label,
}: {
  open: Period[];
  past: Period[];
  selectedId: number;
  label: (period: Period) => string;
}) {
  const navigate = useNavigate();
  return (
    <select
      className="period-switcher__select"
      aria-label="Choose a period"
      value={selectedId}
      onChange={(event) =>
        void navigate({ to: '/predictions', search: { period: Number(event.target.value) } })
      }
    >
      {open.length > 0 && (
        <optgroup label="Open for picks">
          {open.map((period) => (
            <option key={period.id} value={period.id}>
              {label(period)}
            </option>
          ))}
        </optgroup>
      )}
      {past.length > 0 && (
        <optgroup label="Past (read-only)">
          {past.map((period) => (
            <option key={period.id} value={period.id}>
              {label(period)}
            </option>
          ))}
        </optgroup>
      )}
    </select>
  );
}
