import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { ErrorCodes } from '@treble/contracts';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { eraseMyAccountMutationOptions, personalDataMutationOptions } from '../../api/auth';
import { ApiError } from '../../api/http';
import { ErrorNotice, Field, problem } from './form-controls';

/** Profile › Your data (docs/adr/017): a copy of everything kept about the person, and erasure. */
export function YourDataSection() {
  return (
    <section className="panel your-data" aria-labelledby="your-data-title">
      <h2 id="your-data-title">Your data</h2>
      <div className="your-data__parts">
        <DownloadMyData />
        <DeleteMyAccount />
      </div>
    </section>
  );
}

/** The file's name: the day it was saved, in the browser's own calendar (`treble-my-data-2025-08-10.json`). */
export function personalDataFileName(now: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `treble-my-data-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.json`;
}

/** Hands `data` to the browser as a JSON file to save, through a short-lived object URL. */
function saveJsonFile(data: unknown, name: string): void {
  const blob = new Blob([`${JSON.stringify(data, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL only after the click returns.
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function DownloadMyData() {
  const download = useMutation(personalDataMutationOptions());
  const [savedAs, setSavedAs] = useState<string | null>(null);
  const start = () => {
    setSavedAs(null);
    download.mutate(undefined, {
      onSuccess: (data) => {
        const name = personalDataFileName(new Date());
        saveJsonFile(data, name);
        setSavedAs(name);
      },
    });
  };
  return (
    <div className="your-data__part">
      <h3>Download my data</h3>
      <p className="muted">
        A copy of everything the pool keeps about you: your account, your pools, every pick with its points,
        your standings, notification settings and invitation links. It is a JSON file, which any text editor
        opens.
      </p>
      <button
        type="button"
        className="button button--primary"
        onClick={start}
        disabled={download.isPending}
        aria-busy={download.isPending}
      >
        {download.isPending ? 'Preparing…' : 'Download my data'}
      </button>
      <p className="your-data__status" role="status">
        {download.isPending && <span className="visually-hidden">Preparing your data…</span>}
        {savedAs && <span className="muted">Saved as {savedAs}.</span>}
      </p>
      {download.error && (
        <p className="notice notice--error" role="alert">
          Your data could not be downloaded: {problem(download.error)}
        </p>
      )}
    </div>
  );
}

function DeleteMyAccount() {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  // Closing the panel hands the focus back to the button that opened it.
  useEffect(() => {
    if (wasOpen.current && !open) trigger.current?.focus();
    wasOpen.current = open;
  }, [open]);
  return (
    <div className="your-data__part">
      <h3>Delete my account</h3>
      <p className="muted">
        Removes your name, e-mail address and picture from every pool. Your picks and points stay, under a
        stand-in name.
      </p>
      {open ? (
        <DeleteAccountPanel onClose={() => setOpen(false)} />
      ) : (
        <button ref={trigger} type="button" className="button button--danger" onClick={() => setOpen(true)}>
          Delete my account
        </button>
      )}
    </div>
  );
}

/** The second step: what erasure does, and the person's password to confirm it. */
function DeleteAccountPanel({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const erase = useMutation(
    eraseMyAccountMutationOptions(queryClient, {
      onErased: () => navigate({ to: '/login', search: { notice: 'account-deleted' } }),
    }),
  );
  const [password, setPassword] = useState('');
  const [wrongPassword, setWrongPassword] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  const explanationId = useId();

  useEffect(() => title.current?.focus(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setWrongPassword(null);
    erase.mutate(
      { password },
      {
        onError: (error) => {
          if (!(error instanceof ApiError && error.code === ErrorCodes.PASSWORD_INCORRECT)) return;
          setWrongPassword(error.detail);
          setPassword('');
          form.current?.querySelector<HTMLInputElement>('input[name="password"]')?.focus();
        },
      },
    );
  };
  const close = () => {
    if (!erase.isPending) onClose();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    close();
  };
  // A wrong password is said next to the field; anything else (the last admin of a pool) below it.
  const otherError = wrongPassword === null ? erase.error : null;

  return (
    <form
      ref={form}
      className="form danger-panel"
      onSubmit={submit}
      onKeyDown={onKeyDown}
      aria-labelledby={titleId}
      aria-describedby={explanationId}
    >
      <h4 id={titleId} ref={title} tabIndex={-1} className="danger-panel__title">
        Delete your account for good?
      </h4>
      <div id={explanationId} className="danger-panel__text">
        <ul>
          <li>You are signed out on every device, and you cannot sign in to this account again.</li>
          <li>Your e-mail address is freed: it can be used for a new account.</li>
          <li>
            In every pool you are in, your name is replaced by a stand-in such as “Former player 7”. Your
            picks and points stay, so nobody else’s standings change.
          </li>
          <li>
            <strong>This cannot be undone.</strong>
          </li>
        </ul>
        <p>If you want a copy of your picks and standings, download your data first.</p>
      </div>
      <Field
        label="Your password"
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={wrongPassword ?? undefined}
      />
      <ErrorNotice error={otherError} />
      <div className="button-row button-row--start">
        <button
          type="submit"
          className="button button--danger button--danger-strong"
          disabled={erase.isPending}
          aria-busy={erase.isPending}
        >
          {erase.isPending ? 'Deleting…' : 'Delete my account for good'}
        </button>
        <button type="button" className="button" onClick={close} disabled={erase.isPending}>
          Cancel
        </button>
      </div>
    </form>
  );
}
