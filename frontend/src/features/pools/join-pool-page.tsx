import { useMutation, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { InvitationPreview } from '@treble/contracts';
import { openPool, poolHref } from '../../api/current-pool';
import { invitationPreviewQueryOptions, joinPool } from '../../api/pools';
import { ErrorNotice } from '../auth/form-controls';

const refusals: Record<Exclude<InvitationPreview['status'], 'valid'>, string> = {
  suspended: 'This link belongs to a member who is not active in the pool right now.',
  expired: 'This invitation link has expired.',
  'used-up': 'This invitation link has already been used.',
  revoked: 'This invitation link has been withdrawn.',
};

/**
 * An invitation link opened signed in (docs/adr/015): which pool it joins and who sent it, and one
 * tap to join. Joining opens the pool, loading the app anew in it.
 */
export function JoinPoolPage({ token }: { token: string }) {
  const { data: preview } = useSuspenseQuery(invitationPreviewQueryOptions(token));
  const join = useMutation({
    mutationFn: () => joinPool(token),
    onSuccess: (pool) => openPool(pool.address),
  });
  const { pool, invitedBy, status, alreadyMember } = preview;
  return (
    <section className="auth-card" aria-labelledby="join-title">
      <h1 id="join-title">Join {pool.name}</h1>
      <p className="auth-card__lead">
        {invitedBy === null
          ? 'You have been invited to this pool.'
          : `${invitedBy} invited you to this pool.`}{' '}
        You keep your account: the pool appears beside your others under My pools.
      </p>
      {alreadyMember ? (
        <p className="notice" role="status">
          You are a member of {pool.name} already. <a href={poolHref(pool.address)}>Open it</a>
        </p>
      ) : status !== 'valid' ? (
        <p className="notice notice--error" role="alert">
          {refusals[status]} Ask the pool host for a new one.
        </p>
      ) : (
        <>
          <ErrorNotice error={join.error} />
          <button
            type="button"
            className="button button--primary"
            disabled={join.isPending || join.isSuccess}
            aria-busy={join.isPending}
            onClick={() => join.mutate()}
          >
            {join.isPending || join.isSuccess ? 'Joining…' : `Join ${pool.name}`}
          </button>
        </>
      )}
      <p className="auth-card__footer">
        <Link to="/pools">My pools</Link>
      </p>
    </section>
  );
}
