import { useMutation, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { userDisplayName, type AdminUser, type User } from '@treble/contracts';
import { Switch } from 'radix-ui';
import { useState } from 'react';
import { toast } from 'sonner';
import {
  adminUsersQueryOptions,
  eraseMemberMutationOptions,
  passwordResetLinkMutationOptions,
  removeUserMutationOptions,
  setActiveMutationOptions,
  setAdminMutationOptions,
  setFeePaidMutationOptions,
} from '../../api/admin';
import { authUserQueryOptions } from '../../api/auth';
import { ApiError } from '../../api/http';
import { formatDate } from '../../lib/dates';
import { UserAvatar } from '../auth/user-avatar';
import { AdminBoundary, ConfirmButton } from './admin-ui';

/** The admin Users tab (docs/rules.md, Screens): admins and players, with Make Admin / Remove Admin. */
export function UsersPanel() {
  return (
    <AdminBoundary what="the users">
      <UserLists />
    </AdminBoundary>
  );
}

const isActive = (user: AdminUser) => user.active !== false;
const hasPaid = (user: AdminUser) => (user.feePaidOn ?? null) !== null;

function UserLists() {
  const { data: users } = useSuspenseQuery(adminUsersQueryOptions());
  const { data: me } = useQuery(authUserQueryOptions());
  // Nobody erases themselves here: that is their own Profile page's, with their password.
  const canErase = (user: AdminUser) => user.id !== me?.id;
  const queryClient = useQueryClient();
  const setAdmin = useMutation(setAdminMutationOptions(queryClient));
  const [notPaidOnly, setNotPaidOnly] = useState(false);
  const admins = users.filter((user) => user.isAdmin);
  const allPlayers = users.filter((user) => !user.isAdmin);
  const players = notPaidOnly ? allPlayers.filter((user) => !hasPaid(user)) : allPlayers;

  const change = (user: User, isAdmin: boolean) =>
    setAdmin.mutate(
      { userId: user.id, isAdmin },
      {
        onSuccess: () =>
          toast.success(`User ${isAdmin ? 'granted' : 'removed'} admin privileges successfully.`),
        onError: (error) =>
          toast.error('Error', {
            description: error instanceof ApiError ? error.detail : 'Failed to update user privileges',
          }),
      },
    );

  return (
    <section className="panel" aria-labelledby="users-title">
      <h2 id="users-title">Users</h2>
      <dl className="counters">
        <div>
          <dt>Total</dt>
          <dd>{users.length}</dd>
        </div>
        <div>
          <dt>Admin</dt>
          <dd>{admins.length}</dd>
        </div>
        <div>
          <dt>Regular</dt>
          <dd>{allPlayers.length}</dd>
        </div>
        <div>
          <dt>Inactive</dt>
          <dd>{users.filter((user) => !isActive(user)).length}</dd>
        </div>
        <div>
          <dt>Not paid</dt>
          <dd>{users.filter((user) => !hasPaid(user)).length}</dd>
        </div>
      </dl>
      <h3>Admins ({admins.length})</h3>
      <ul className="user-list" aria-label="Admins">
        {admins.map((user) => (
          <UserRow key={user.id} user={user}>
            {!user.erased && (
              <>
                <RemoveAdmin
                  user={user}
                  // The pool always keeps one admin: the last one cannot be removed.
                  disabled={setAdmin.isPending || admins.length === 1}
                  onConfirm={() => change(user, false)}
                />
                <FeeToggle user={user} />
                <ResetLinkButton user={user} />
                {canErase(user) && <EraseMember user={user} />}
              </>
            )}
          </UserRow>
        ))}
      </ul>
      <h3>Regular users ({allPlayers.length})</h3>
      <label className="checkbox-field">
        <input
          type="checkbox"
          checked={notPaidOnly}
          onChange={(event) => setNotPaidOnly(event.target.checked)}
        />{' '}
        Not paid only
      </label>
      {players.length === 0 ? (
        <p className="muted">
          {notPaidOnly && allPlayers.length > 0
            ? 'Every player has paid.'
            : 'No regular users yet. Invite players with a link below.'}
        </p>
      ) : (
        <ul className="user-list" aria-label="Regular users">
          {players.map((user) => (
            <UserRow key={user.id} user={user}>
              {!user.erased && (
                <>
                  <label className="switch-field">
                    <Switch.Root
                      className="switch"
                      checked={false}
                      disabled={setAdmin.isPending}
                      onCheckedChange={(checked) => checked && change(user, true)}
                      aria-label={`Make ${userDisplayName(user)} admin`}
                    >
                      <Switch.Thumb className="switch__thumb" />
                    </Switch.Root>
                    <span aria-hidden="true">Make Admin</span>
                  </label>
                  <MemberActions user={user} canErase={canErase(user)} />
                </>
              )}
            </UserRow>
          ))}
        </ul>
      )}
    </section>
  );
}

function UserRow({ user, children }: { user: AdminUser; children: React.ReactNode }) {
  return (
    <li className="user-row" data-testid="user-row">
      <UserAvatar user={user} />
      <div className="user-row__text">
        <span className="user-row__name">
          {userDisplayName(user)}
          {user.erased ? (
            <span className="badge badge--erased">Erased</span>
          ) : (
            !isActive(user) && <span className="badge badge--status-pending"> Inactive</span>
          )}
        </span>
        <span className="user-row__meta">
          {/* An erased member's address is gone: the stand-in's name is all there is to show. */}
          {user.erased ? '' : `${user.email} · `}joined{' '}
          <time dateTime={user.createdAt}>{formatDate(user.createdAt)}</time>
          {hasPaid(user) ? (
            <>
              {' '}
              · paid <time dateTime={user.feePaidOn!}>{formatDate(`${user.feePaidOn!}T12:00:00Z`)}</time>
            </>
          ) : (
            ' · not paid'
          )}
        </span>
      </div>
      {children}
    </li>
  );
}

function RemoveAdmin({
  user,
  disabled,
  onConfirm,
}: {
  user: User;
  disabled: boolean;
  onConfirm: () => void;
}) {
  const name = userDisplayName(user);
  return (
    <ConfirmButton
      label="Remove Admin"
      ariaLabel={`Remove Admin: ${name}`}
      title="Remove admin privileges?"
      description={`${name} will no longer be able to manage periods, results, prizes or users. The pool always keeps at least one admin.`}
      confirmLabel="Remove Admin"
      danger
      disabled={disabled}
      onConfirm={onConfirm}
    />
  );
}

function failure(error: Error, fallback: string) {
  toast.error('Error', { description: error instanceof ApiError ? error.detail : fallback });
}

/**
 * Deactivate / Reactivate, Remove (only for a player who never picked), the fee, a reset link, and
 * erasing the member's data on their request.
 */
function MemberActions({ user, canErase }: { user: AdminUser; canErase: boolean }) {
  const queryClient = useQueryClient();
  const setActive = useMutation(setActiveMutationOptions(queryClient));
  const remove = useMutation(removeUserMutationOptions(queryClient));
  const name = userDisplayName(user);
  const active = isActive(user);
  return (
    <div className="user-row__actions">
      <FeeToggle user={user} />
      {active ? (
        <ConfirmButton
          label="Deactivate"
          ariaLabel={`Deactivate ${name}`}
          title={`Deactivate ${name}?`}
          description={`${name} is signed out and can no longer sign in, pick or receive reminders. Their points and history stay, and they are listed as inactive. You can reactivate them at any time.`}
          confirmLabel="Deactivate"
          danger
          disabled={setActive.isPending}
          onConfirm={() =>
            setActive.mutate(
              { userId: user.id, active: false },
              {
                onSuccess: () => toast.success(`${name} is deactivated.`),
                onError: (error) => failure(error, 'Failed to deactivate'),
              },
            )
          }
        />
      ) : (
        <button
          type="button"
          className="button"
          aria-label={`Reactivate ${name}`}
          disabled={setActive.isPending}
          onClick={() =>
            setActive.mutate(
              { userId: user.id, active: true },
              {
                onSuccess: () => toast.success(`${name} is active again.`),
                onError: (error) => failure(error, 'Failed to reactivate'),
              },
            )
          }
        >
          Reactivate
        </button>
      )}
      {user.hasPicked === false && (
        <ConfirmButton
          label="Remove"
          ariaLabel={`Remove ${name}`}
          title={`Remove ${name}?`}
          description={`${name} never picked: the account is deleted and the address may join again with a new invitation.`}
          confirmLabel="Remove"
          danger
          disabled={remove.isPending}
          onConfirm={() =>
            remove.mutate(user.id, {
              onSuccess: () => toast.success(`${name} is removed.`),
              onError: (error) => failure(error, 'Failed to remove'),
            })
          }
        />
      )}
      <ResetLinkButton user={user} />
      {canErase && <EraseMember user={user} />}
    </div>
  );
}

/**
 * Erases a member's data when they ask for it (docs/adr/017), after a confirmation naming them. The
 * toasts are the mutation's own: a refetched list may drop this button before the answer is read.
 */
function EraseMember({ user }: { user: AdminUser }) {
  const queryClient = useQueryClient();
  const name = userDisplayName(user);
  const erase = useMutation({
    ...eraseMemberMutationOptions(queryClient),
    onSuccess: () => toast.success(`${name}'s data is erased.`),
    onError: (error: Error) => failure(error, 'Failed to erase the data'),
  });
  return (
    <ConfirmButton
      label="Erase data"
      ariaLabel={`Erase data of ${name}`}
      title={`Erase ${name}'s data?`}
      description={
        <>
          <p>
            Only when {name} asks for it. Their name, e-mail address and picture are removed, and they are
            signed out and cannot sign in again; the address may be used for a new account.
          </p>
          <p>
            In the pool they become a stand-in such as “Former player 7”: their picks and points stay, so
            nobody else’s standings change. This cannot be undone.
          </p>
        </>
      }
      confirmLabel="Erase data"
      danger
      disabled={erase.isPending}
      busy={erase.isPending}
      onConfirm={() => erase.mutate(user.id)}
    />
  );
}

function FeeToggle({ user }: { user: AdminUser }) {
  const queryClient = useQueryClient();
  const setFee = useMutation(setFeePaidMutationOptions(queryClient));
  const name = userDisplayName(user);
  return (
    <label className="checkbox-field">
      <input
        type="checkbox"
        checked={hasPaid(user)}
        disabled={setFee.isPending}
        aria-label={`Entry fee paid: ${name}`}
        onChange={(event) =>
          setFee.mutate(
            { userId: user.id, paid: event.target.checked },
            { onError: (error) => failure(error, 'Failed to update the entry fee') },
          )
        }
      />{' '}
      Paid
    </label>
  );
}

/** For a pool without e-mail: a one-day reset link the admin copies and hands over. */
function ResetLinkButton({ user }: { user: User }) {
  const create = useMutation(passwordResetLinkMutationOptions());
  const name = userDisplayName(user);
  return (
    <span className="reset-link">
      <button
        type="button"
        className="button"
        aria-label={`Password reset link for ${name}`}
        disabled={create.isPending}
        onClick={() =>
          create.mutate(user.id, { onError: (error) => failure(error, 'Failed to create a reset link') })
        }
      >
        Reset link
      </button>
      {create.data && (
        <input
          className="reset-link__url"
          readOnly
          aria-label={`Reset link for ${name} (works once, for a day)`}
          value={create.data.url}
          onFocus={(event) => event.target.select()}
        />
      )}
    </span>
  );
}
