import { maxComparedPeriods } from '@treble/contracts';
import { togglePeriod, type ComparablePeriod } from './selection';

export type ComparisonMode = 'periods' | 'segments';

const modes = [
  ['periods', 'Individual Periods'],
  ['segments', 'Competition Segments'],
] as const;

/** Individual periods or the two competition segments. */
export function ComparisonModeSwitch({
  mode,
  onChange,
}: {
  mode: ComparisonMode;
  onChange: (mode: ComparisonMode) => void;
}) {
  return (
    <fieldset className="segmented">
      <legend className="field__label">Comparison mode</legend>
      {modes.map(([value, label]) => (
        <label key={value} className="segmented__option">
          <input
            type="radio"
            name="comparison-mode"
            value={value}
            checked={mode === value}
            onChange={() => onChange(value)}
          />
          {label}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * A chip per period the player has picks in ("Matchweek 12"): up to `maxComparedPeriods` selected for
 * the Detailed and Head-to-Head tabs.
 */
export function PeriodPicker({
  selectable,
  selected,
  onChange,
}: {
  selectable: readonly ComparablePeriod[];
  selected: number[];
  onChange: (selected: number[]) => void;
}) {
  return (
    <div className="period-picker">
      <p className="muted" id="period-picker-hint">
        Select up to {maxComparedPeriods} periods to compare ({selected.length}/{maxComparedPeriods}{' '}
        selected).
      </p>
      {selectable.length === 0 ? (
        <p className="empty-state">
          Nothing to compare yet: your periods appear here once you have made picks.
        </p>
      ) : (
        <div className="chip-row" role="group" aria-describedby="period-picker-hint" aria-label="Periods">
          {selectable.map((period) => (
            <button
              key={period.id}
              type="button"
              className="chip"
              aria-pressed={selected.includes(period.id)}
              onClick={() => onChange(togglePeriod(selected, period.id))}
            >
              {period.title}
            </button>
          ))}
        </div>
      )}
      <button type="button" className="button" disabled={selected.length === 0} onClick={() => onChange([])}>
        Clear All
      </button>
    </div>
  );
}
