import { useQuery } from '@tanstack/react-query';
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
