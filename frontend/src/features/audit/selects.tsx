import { useQuery } from '@tanstack/react-query';
import type { Period } from '@treble/contracts';
import { optionsQueryOptions } from '../../api/picks';

/** A period's options as a plain select, "All options" first. */
export function OptionSelect({
  periodId,
  value,
  onChange,
  label,
}: {
  periodId: number;
  value: string;
  onChange: (optionId: string) => void;
  label: string;
}) {
  const options = useQuery(optionsQueryOptions(periodId));
  return (
    <label className="field">
      <span className="field__label">{label}</span>
      <select value={value} onChange={(event) => onChange(event.target.value)} disabled={!options.data}>
        <option value="">{options.isPending ? 'Loading options…' : 'All options'}</option>
        {options.data?.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Periods as a plain select, `empty` (no period) first. */
export function PeriodSelect({
  periods,
  value,
  onChange,
  label,
  empty,
}: {
  periods: readonly Period[];
  value: number | null;
  onChange: (periodId: number | null) => void;
  label: string;
  empty: string;
}) {
  return (
    <label className="field">
      <span className="field__label">{label}</span>
      <select
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value ? Number(event.target.value) : null)}
      >
        <option value="">{empty}</option>
        {periods.map((period) => (
          <option key={period.id} value={period.id}>
            {period.name}
          </option>
        ))}
      </select>
    </label>
  );
}
