import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { ErrorCodes, type Invitation, type SendInviteFailure } from '@treble/contracts';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import {
  createInvitationMutationOptions,
  invitationsQueryOptions,
  revokeInvitationMutationOptions,
  sendInviteMutationOptions,
} from '../../api/admin';
import { ApiError } from '../../api/http';
import { formatDateTime } from '../../lib/dates';
import { AdminBoundary } from './admin-ui';

const statusLabels: Record<Invitation['status'], string> = {
  valid: 'Active',
  expired: 'Expired',
  'used-up': 'Used up',
  revoked: 'Revoked',
};

async function copy(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success('Link Copied!');
  } catch {
    toast.error('Error', { description: 'Could not copy: select the link and copy it by hand.' });
  }
}

/** Invitation links: create, share (copy or e-mail), follow their uses, revoke. */
export function InvitationsPanel() {
  return (
    <section className="panel" aria-labelledby="invitations-title">
      <h2 id="invitations-title">Invitations</h2>
      <p className="muted">
        New players join through an invitation link. Share a link yourself, or have one e-mailed.
      </p>
      <div className="panel-grid">
        <CreateInvitation />
        <SendInvitation />
      </div>
      <InvitationList />
    </section>
  );
}

function LinkBox({ label, url }: { label: string; url: string }) {
  return (
    <div className="link-box">
      <label className="field">
        <span className="field__label">{label}</span>
        <input type="text" readOnly value={url} onFocus={(event) => event.target.select()} />
      </label>
      <button type="button" className="button" onClick={() => void copy(url)}>
        Copy link
      </button>
    </div>
  );
}

function CreateInvitation() {
  const queryClient = useQueryClient();
  const create = useMutation(createInvitationMutationOptions(queryClient));
  const [maxUses, setMaxUses] = useState('');
  const [days, setDays] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({
      ...(maxUses ? { maxUses: Number(maxUses) } : {}),
      ...(days ? { expiresAt: new Date(Date.now() + Number(days) * 24 * 60 * 60_000).toISOString() } : {}),
    });
  };
  return (
    <form className="form" onSubmit={submit} aria-labelledby="create-invitation-title">
      <h3 id="create-invitation-title">Create an invitation link</h3>
      <div className="form__row">
        <label className="field">
          <span className="field__label">Maximum uses</span>
          <input
            type="number"
            min={1}
            max={10000}
            step={1}
            placeholder="Unlimited"
            value={maxUses}
            onChange={(event) => setMaxUses(event.target.value)}
          />
        </label>
        <label className="field">
          <span className="field__label">Expires after (days)</span>
          <input
            type="number"
            min={1}
            max={365}
            step={1}
            placeholder="Never"
            value={days}
            onChange={(event) => setDays(event.target.value)}
          />
        </label>
      </div>
      {create.isError && (
        <p className="notice notice--error" role="alert">
          {create.error instanceof ApiError ? create.error.detail : create.error.message}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={create.isPending}>
        Create link
      </button>
      {create.data && <LinkBox label="New invitation link" url={create.data.url} />}
    </form>
  );
}

function SendInvitation() {
  const queryClient = useQueryClient();
  const send = useMutation(sendInviteMutationOptions(queryClient));
  const [email, setEmail] = useState('');
  const [fallback, setFallback] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFallback(null);
    send.mutate(email, {
      onSuccess: (answer) => {
        toast.success('Invite Sent!', { description: answer.message });
        setEmail('');
      },
      onError: (error) => {
        // docs/rules.md, Screens, "Invite failure".
        const failure =
          error instanceof ApiError && error.code === ErrorCodes.EMAIL_UNAVAILABLE
            ? (error.body as SendInviteFailure)
            : null;
        const message =
          failure?.message ?? (error instanceof ApiError ? error.detail : 'Failed to send invitation');
        toast.error('Email Unavailable', {
          description: failure?.fallbackLink ? `${message}. Copy the direct link instead.` : message,
        });
        if (failure?.fallbackLink) setFallback(failure.fallbackLink);
      },
    });
  };
  return (
    <form className="form" onSubmit={submit} aria-labelledby="send-invitation-title">
      <h3 id="send-invitation-title">Invite by e-mail</h3>
      <label className="field">
        <span className="field__label">E-mail address</span>
        <input
          type="email"
          required
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </label>
      <button type="submit" className="button button--primary" disabled={send.isPending}>
        {send.isPending ? 'Sending…' : 'Send Invite'}
      </button>
      {fallback && <LinkBox label="Direct invitation link" url={fallback} />}
    </form>
  );
}

function InvitationList() {
  return (
    <AdminBoundary what="the invitation links">
      <InvitationRows />
    </AdminBoundary>
  );
}

function InvitationRows() {
  const { data: invitations } = useSuspenseQuery(invitationsQueryOptions());
  const queryClient = useQueryClient();
  const revoke = useMutation(revokeInvitationMutationOptions(queryClient));
  if (invitations.length === 0) return <p className="muted">No invitation links yet.</p>;
  return (
    <ul className="invitation-list" aria-label="Invitation links">
      {invitations.map((invitation) => (
        <li key={invitation.token} className="invitation-row" data-testid="invitation-row">
          <div className="invitation-row__text">
            <code className="invitation-row__url">{invitation.url}</code>
            <span className="user-row__meta">
              Used {invitation.uses}
              {invitation.maxUses === null ? '' : ` of ${invitation.maxUses}`} ·{' '}
              {invitation.expiresAt ? (
                <>
                  expires <time dateTime={invitation.expiresAt}>{formatDateTime(invitation.expiresAt)}</time>
                </>
              ) : (
                'no expiry'
              )}
            </span>
          </div>
          <span className={`badge badge--invitation-${invitation.status}`}>
            {statusLabels[invitation.status]}
          </span>
          {invitation.status === 'valid' && (
            <div className="button-row">
              <button type="button" className="button" onClick={() => void copy(invitation.url)}>
                Copy
              </button>
              <button
                type="button"
                className="button button--danger"
                disabled={revoke.isPending}
                onClick={() => revoke.mutate(invitation.token)}
                aria-label={`Revoke invitation ${invitation.url}`}
              >
                Revoke
              </button>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
