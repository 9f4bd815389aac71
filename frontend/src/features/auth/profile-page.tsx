import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { passwordPolicy, userDisplayName, type User } from '@treble/contracts';
import { useState, type FormEvent } from 'react';
import {
  authUserQueryOptions,
  changePasswordMutationOptions,
  updateProfileMutationOptions,
} from '../../api/auth';
import { ApiError } from '../../api/http';
import { UserAvatar } from './user-avatar';

function problem(error: Error): string {
  return error instanceof ApiError ? error.detail : error.message;
}

export function ProfilePage() {
  const { data: user } = useSuspenseQuery(authUserQueryOptions());
  // The route only renders for signed-in users.
  if (!user) return null;
  return (
    <section className="page" aria-labelledby="profile-title">
      <header className="page-header profile-header">
        <UserAvatar user={user} size="large" />
        <div>
          <h1 id="profile-title">{userDisplayName(user)}</h1>
          <p className="page-header__lead">
            {user.email} · {user.isAdmin ? 'Admin' : 'Competitor'}
          </p>
        </div>
      </header>
      <div className="panel-grid">
        <ProfileForm user={user} />
        <PasswordForm />
      </div>
    </section>
  );
}

function ProfileForm({ user }: { user: User }) {
  const queryClient = useQueryClient();
  const update = useMutation(updateProfileMutationOptions(queryClient));
  const [form, setForm] = useState({
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    profileImageUrl: user.profileImageUrl ?? '',
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(form);
  };
  const field = (name: keyof typeof form) => ({
    name,
    value: form[name],
    onChange: (event: { target: { value: string } }) =>
      setForm((current) => ({ ...current, [name]: event.target.value })),
  });
  return (
    <form className="panel form" onSubmit={submit} aria-labelledby="profile-form-title">
      <h2 id="profile-form-title">Your details</h2>
      <label className="field">
        <span className="field__label">First name</span>
        <input type="text" autoComplete="given-name" maxLength={100} {...field('firstName')} />
      </label>
      <label className="field">
        <span className="field__label">Last name</span>
        <input type="text" autoComplete="family-name" maxLength={100} {...field('lastName')} />
      </label>
      <label className="field">
        <span className="field__label">Picture URL</span>
        <input type="url" inputMode="url" placeholder="https://…" {...field('profileImageUrl')} />
      </label>
      {update.isSuccess && (
        <p className="notice notice--success" role="status">
          Profile saved.
        </p>
      )}
      {update.isError && (
        <p className="notice notice--error" role="alert">
          {problem(update.error)}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={update.isPending}>
        Save details
      </button>
    </form>
  );
}

function PasswordForm() {
  const change = useMutation(changePasswordMutationOptions());
  const [form, setForm] = useState({ currentPassword: '', newPassword: '', confirmation: '' });
  const [mismatch, setMismatch] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (form.newPassword !== form.confirmation) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    change.mutate(
      { currentPassword: form.currentPassword, newPassword: form.newPassword },
      { onSuccess: () => setForm({ currentPassword: '', newPassword: '', confirmation: '' }) },
    );
  };
  const field = (name: keyof typeof form) => ({
    name,
    value: form[name],
    onChange: (event: { target: { value: string } }) =>
      setForm((current) => ({ ...current, [name]: event.target.value })),
  });
  return (
    <form className="panel form" onSubmit={submit} aria-labelledby="password-form-title">
      <h2 id="password-form-title">Change password</h2>
      <label className="field">
        <span className="field__label">Current password</span>
        <input type="password" autoComplete="current-password" required {...field('currentPassword')} />
      </label>
      <label className="field">
        <span className="field__label">New password</span>
        <input
          type="password"
          autoComplete="new-password"
          required
          minLength={passwordPolicy.minLength}
          maxLength={passwordPolicy.maxLength}
          {...field('newPassword')}
        />
      </label>
      <label className="field">
        <span className="field__label">Repeat the new password</span>
        <input type="password" autoComplete="new-password" required {...field('confirmation')} />
      </label>
      {mismatch && (
        <p className="notice notice--error" role="alert">
          The two new passwords differ.
        </p>
      )}
      {change.isSuccess && (
        <p className="notice notice--success" role="status">
          Password changed. Your other devices have been signed out.
        </p>
      )}
      {change.isError && (
        <p className="notice notice--error" role="alert">
          {problem(change.error)}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={change.isPending}>
        Change password
      </button>
    </form>
  );
}
