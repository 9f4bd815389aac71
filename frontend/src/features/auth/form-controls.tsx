import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { ApiError } from '../../api/http';

/** The message to show for a failed call: the server's human text when it sent one. */
export function problem(error: Error): string {
  return error instanceof ApiError ? error.detail : error.message;
}

/** A form's text values, and the props that bind one input to one of them. */
export function useFormFields<Values extends Record<string, string>>(initial: Values) {
  const [form, setForm] = useState(initial);
  const field = (name: keyof Values & string) => ({
    name,
    value: form[name],
    onChange: (event: { target: { value: string } }) =>
      setForm((current) => ({ ...current, [name]: event.target.value })),
  });
  return { form, setForm, field };
}

/**
 * A labelled input: the label wraps it, so it is named for assistive technology; an optional hint
 * below it describes it, and so does an error (the server's word on what was typed), announced.
 */
export function Field({
  label,
  hint,
  error,
  ...input
}: { label: string; hint?: string; error?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const hintId = useId();
  const errorId = useId();
  const describedBy =
    [hint === undefined ? undefined : hintId, error ? errorId : undefined].filter(Boolean).join(' ') ||
    input['aria-describedby'];
  return (
    <label className="field">
      <span className="field__label">{label}</span>
      <input {...input} aria-invalid={error ? true : input['aria-invalid']} aria-describedby={describedBy} />
      {hint !== undefined && (
        <span className="field__hint" id={hintId}>
          {hint}
        </span>
      )}
      {error && (
        <span className="field__error" id={errorId} role="alert">
          {error}
        </span>
      )}
    </label>
  );
}

/** The props `useFormFields` binds one input with. */
type FieldBinding = ReturnType<ReturnType<typeof useFormFields>['field']>;

/**
 * The optional first and last name inputs (register and profile): bare, so the page lays them out
 * (in a row, or one under the other).
 */
export function NameFields({ field }: { field: (name: 'firstName' | 'lastName') => FieldBinding }) {
  return (
    <>
      <Field
        label="First name"
        type="text"
        autoComplete="given-name"
        maxLength={100}
        {...field('firstName')}
      />
      <Field
        label="Last name"
        type="text"
        autoComplete="family-name"
        maxLength={100}
        {...field('lastName')}
      />
    </>
  );
}

/** A failed call's message, announced; nothing while there is none. */
export function ErrorNotice({ error, children }: { error: Error | null; children?: ReactNode }) {
  if (!error) return null;
  return (
    <p className="notice notice--error" role="alert">
      {problem(error)}
      {children}
    </p>
  );
}

/** The submit button, busy (and disabled) while its call runs. */
export function SubmitButton({
  pending,
  label,
  pendingLabel,
}: {
  pending: boolean;
  label: string;
  pendingLabel?: string;
}) {
  return (
    <button type="submit" className="button button--primary" disabled={pending} aria-busy={pending}>
      {pending && pendingLabel ? pendingLabel : label}
    </button>
  );
}
