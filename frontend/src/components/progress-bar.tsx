/** A count out of its most (picks made of those needed), as text and as a bar. */
export function ProgressBar({ value, max, label }: { value: number; max: number; label: string }) {
  return (
    <div className="progress">
      <span className="progress__text">
        {value}/{max}
      </span>
      <div
        className="progress__track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={value}
      >
        <div className="progress__fill" style={{ width: `${(value / max) * 100}%` }} />
      </div>
    </div>
  );
}
