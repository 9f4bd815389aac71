import { AlertDialog } from 'radix-ui';
import type { ReactNode } from 'react';

/**
 * A button that asks first (Radix AlertDialog): `onConfirm` runs only from the dialog's confirm
 * button. `preview` (e.g. what an action would change) is mounted only while the dialog is open.
 */
export function ConfirmButton({
  label,
  ariaLabel,
  title,
  description,
  confirmLabel,
  onConfirm,
  disabled,
  busy,
  danger = false,
  preview,
}: {
  label: ReactNode;
  ariaLabel?: string;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  disabled?: boolean;
  /** The action runs: the trigger says so to assistive technology. */
  busy?: boolean;
  danger?: boolean;
  preview?: ReactNode;
}) {
  const tone = danger ? 'button button--danger' : 'button button--primary';
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>
        <button type="button" className={tone} disabled={disabled} aria-busy={busy} aria-label={ariaLabel}>
          {label}
        </button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className="dialog">
          <AlertDialog.Title>{title}</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div>{description}</div>
          </AlertDialog.Description>
          {preview}
          <div className="button-row">
            <AlertDialog.Cancel asChild>
              <button type="button" className="button">
                Cancel
              </button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <button type="button" className={tone} onClick={onConfirm}>
                {confirmLabel}
              </button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
