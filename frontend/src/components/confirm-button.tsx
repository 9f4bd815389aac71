import { AlertDialog } from 'radix-ui';
import type { ReactNode } from 'react';

/** What a confirmation shows: a title, what will happen, an optional preview, Cancel and the action. */
interface ConfirmContent {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  danger?: boolean;
  /** Mounted only while the dialog is open (e.g. what the action would change). */
  preview?: ReactNode;
}

function ConfirmDialogContent({
  title,
  description,
  confirmLabel,
  onConfirm,
  danger = false,
  preview,
}: ConfirmContent) {
  return (
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
            <button
              type="button"
              className={danger ? 'button button--danger' : 'button button--primary'}
              onClick={onConfirm}
            >
              {confirmLabel}
            </button>
          </AlertDialog.Action>
        </div>
      </AlertDialog.Content>
    </AlertDialog.Portal>
  );
}

/**
 * A confirmation the page opens itself (e.g. after the server asked to confirm): shown while `open`;
 * closing it (Cancel, Escape, or the action) calls `onClose`.
 */
export function ConfirmDialog({
  open,
  onClose,
  ...content
}: ConfirmContent & { open: boolean; onClose: () => void }) {
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      {open && <ConfirmDialogContent {...content} />}
    </AlertDialog.Root>
  );
}

/**
 * A button that asks first (Radix AlertDialog): `onConfirm` runs only from the dialog's confirm
 * button. `preview` (e.g. what an action would change) is mounted only while the dialog is open.
 */
export function ConfirmButton({
  label,
  ariaLabel,
  disabled,
  busy,
  danger = false,
  ...content
}: ConfirmContent & {
  label: ReactNode;
  ariaLabel?: string;
  disabled?: boolean;
  /** The action runs: the trigger says so to assistive technology. */
  busy?: boolean;
}) {
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>
        <button
          type="button"
          className={danger ? 'button button--danger' : 'button button--primary'}
          disabled={disabled}
          aria-busy={busy}
          aria-label={ariaLabel}
        >
          {label}
        </button>
      </AlertDialog.Trigger>
      <ConfirmDialogContent danger={danger} {...content} />
    </AlertDialog.Root>
  );
}
