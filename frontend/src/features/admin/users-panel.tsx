import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { userDisplayName, type User } from '@treble/contracts';
import { Switch } from 'radix-ui';
import { toast } from 'sonner';
import { adminUsersQueryOptions, setAdminMutationOptions } from '../../api/admin';
import { ApiError } from '../../api/http';
import { formatDate } from '../../lib/dates';
import { UserAvatar } from '../auth/user-avatar';
import { ConfirmButton, QueryView } from './admin-ui';

/** The admin Users tab (SPEC section 2): admins and players, with Make Admin / Remove Admin. */
export function UsersPanel() {
  const users = useQuery(adminUsersQueryOptions());
  return (
    <QueryView query={users} what="the users">
      {(list) => <UserLists users={list} />}
    </QueryView>
  );
}

function UserLists({ users }: { users: User[] }) {
  const queryClient = useQueryClient();
  const setAdmin = useMutation(setAdminMutationOptions(queryClient));
  const admins = users.filter((user) => user.isAdmin);
  const players = users.filter((user) => !user.isAdmin);

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
          <dd>{players.length}</dd>
        </div>
      </dl>
      <h3>Admins ({admins.length})</h3>
      <ul className="user-list" aria-label="Admins">
        {admins.map((user) => (
          <UserRow key={user.id} user={user}>
            <RemoveAdmin user={user} disabled={setAdmin.isPending} onConfirm={() => change(user, false)} />
          </UserRow>
        ))}
      </ul>
      <h3>Regular users ({players.length})</h3>
      {players.length === 0 ? (
        <p className="muted">No regular users yet. Invite players with a link below.</p>
      ) : (
        <ul className="user-list" aria-label="Regular users">
          {players.map((user) => (
            <UserRow key={user.id} user={user}>
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
            </UserRow>
          ))}
        </ul>
      )}
    </section>
  );
}

function UserRow({ user, children }: { user: User; children: React.ReactNode }) {
  return (
    <li className="user-row" data-testid="user-row">
      <UserAvatar user={user} />
      <div className="user-row__text">
        <span className="user-row__name">{userDisplayName(user)}</span>
        <span className="user-row__meta">
          {user.email} · joined <time dateTime={user.createdAt}>{formatDate(user.createdAt)}</time>
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
