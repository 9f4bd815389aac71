import { ErrorCodes, type Segment } from '@treble/contracts';
import { Select } from 'radix-ui';
import { useId, type ReactNode } from 'react';
import { toast } from 'sonner';
import { ApiError } from '../../api/http';
import { QueryBoundary } from '../../components/query-boundary';
import { errorMessage } from '../../lib/errors';

/** Shared pieces of the admin tabs: loading and error states, confirmations, selects, toasts. */

export const segmentLabels: Record<Segment, string> = { main: 'Main Season', last10: 'Last 10' };

/** A season as people write it: 2025-26 is 2025/26. */
export const seasonText = (season: string) => season.replace('-', '/');

export { periodTitle } from '../../lib/period-title';

/**
 * docs/rules.md, Screens: a destructive "Error" toast with the server's message, or the action's fallback
 * when the server said nothing useful. A lost session is announced by the query client's global
 * handler ("Unauthorized", then the sign-in page), so it is not repeated here.
 */
export function toastError(error: unknown, fallback: string): void {
  if (error instanceof ApiError && error.code === ErrorCodes.UNAUTHENTICATED) return;
  const description =
    error instanceof ApiError ? (error.status >= 500 || !error.detail ? fallback : error.detail) : fallback;
  toast.error('Error', { description });
}

/**
 * A part of a tab that reads on demand (`useSuspenseQuery` inside): skeleton lines while it loads,
 * a failed first load with Retry in its place.
 */
export function AdminBoundary({
  what,
  lines = 3,
  resetKey,
  children,
}: {
  /** "the periods": completes "Loading …" and "Could not load …". */
  what: string;
  lines?: number;
  /** A new key (another period, another matchday) clears a shown error. */
  resetKey?: unknown;
  children: ReactNode;
}) {
  const pending = (
    <div role="status" aria-busy="true" className="admin-skeleton">
      {Array.from({ length: lines }, (_, index) => (
        <span key={index} className="skeleton skeleton--line" aria-hidden="true" />
      ))}
      <span className="visually-hidden">Loading {what}…</span>
    </div>
  );
  return (
    <QueryBoundary
      title={`Could not load ${what}.`}
      pending={pending}
      resetKey={resetKey}
      error={AdminLoadError}
    >
      {children}
    </QueryBoundary>
  );
}

function AdminLoadError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <div className="error-state" role="alert">
      <p>{title}</p>
      <p className="error-state__message">{error instanceof ApiError ? error.detail : errorMessage(error)}</p>
      <button type="button" className="button" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}

export { ConfirmButton } from '../../components/confirm-button';

export interface SelectItem {
  value: string;
  label: string;
  /** Extra text after the label (e.g. "Has Result"). */
  note?: string;
  disabled?: boolean;
}

/** A labelled Radix Select; `value` '' shows the placeholder (Radix reserves the empty string for that). */
export function AdminSelect({
  label,
  value,
  onChange,
  items,
  placeholder,
  disabled,
  required,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  items: SelectItem[];
  placeholder: string;
  disabled?: boolean;
  required?: boolean;
}) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <Select.Root value={value} onValueChange={onChange} disabled={disabled}>
        <Select.Trigger id={id} className="admin-select" aria-label={label}>
          <Select.Value placeholder={placeholder} />
          <Select.Icon className="admin-select__icon">▾</Select.Icon>
        </Select.Trigger>
        <Select.Portal>
          <Select.Content className="admin-select__content" position="popper" sideOffset={4}>
            <Select.Viewport>
              {items.map((item) => (
                <Select.Item
                  key={item.value}
                  value={item.value}
                  disabled={item.disabled}
                  className="admin-select__item"
                >
                  <Select.ItemText>{item.label}</Select.ItemText>
                  {item.note && <span className="admin-select__note"> · {item.note}</span>}
                </Select.Item>
              ))}
            </Select.Viewport>
          </Select.Content>
        </Select.Portal>
      </Select.Root>
    </div>
  );
}

/** A labelled input with its validation message. */
export function TextField({
  label,
  value,
  onChange,
  error,
  type = 'text',
  required,
  ...rest
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  type?: string;
  required?: boolean;
  min?: number;
  max?: number;
  step?: number | string;
  placeholder?: string;
}) {
  const errorId = useId();
  const describedBy = error ? errorId : undefined;
  return (
    <label className="field">
      <span className="field__label">
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </span>
      <input
        type={type}
        value={value}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
        {...rest}
      />
      {error && (
        <span className="field__error" id={describedBy} role="alert">
          {error}
        </span>
      )}
    </label>
  );
}

/**
 * The required Name and the optional Description of something an admin creates (a period, an
 * option): bare, so the form puts them in its row with whatever else it asks.
 */
export function NameDescriptionFields({
  name,
  description,
  onChange,
  nameError,
}: {
  name: string;
  description: string;
  onChange: (key: 'name' | 'description', value: string) => void;
  nameError?: string;
}) {
  return (
    <>
      <TextField label="Name" required value={name} onChange={(v) => onChange('name', v)} error={nameError} />
      <TextField label="Description" value={description} onChange={(v) => onChange('description', v)} />
    </>
  );
}
