import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { passwordPolicy, userDisplayName, type User } from '@treble/contracts';
import { useState, type FormEvent } from 'react';
import {
  authUserQueryOptions,
  changePasswordMutationOptions,
  updateProfileMutationOptions,
} from '../../api/auth';
import { ErrorNotice, Field, NameFields, SubmitButton, useFormFields } from './form-controls';
import { NotificationSettingsPanel } from './notification-settings';
import { UserAvatar } from './user-avatar';
import { YourDataSection } from './your-data-section';

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
        <NotificationSettingsPanel />
      </div>
      <YourDataSection />
    </section>
  );
}

function ProfileForm({ user }: { user: User }) {
  const queryClient = useQueryClient();
  const update = useMutation(updateProfileMutationOptions(queryClient));
  const { form, field } = useFormFields({
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    profileImageUrl: user.profileImageUrl ?? '',
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(form);
  };
  return (
    <form className="panel form" onSubmit={submit} aria-labelledby="profile-form-title">
      <h2 id="profile-form-title">Your details</h2>
      <NameFields field={field} />
      <Field
        label="Picture URL"
        type="url"
        inputMode="url"
        placeholder="https://…"
        hint="An https:// picture from a service the pool allows, such as Gravatar; otherwise your initials show."
        {...field('profileImageUrl')}
      />
      {update.isSuccess && (
        <p className="notice notice--success" role="status">
          Profile saved.
        </p>
      )}
      <ErrorNotice error={update.error} />
      <SubmitButton pending={update.isPending} label="Save details" />
    </form>
  );
}

function PasswordForm() {
  const change = useMutation(changePasswordMutationOptions());
  const { form, setForm, field } = useFormFields({ currentPassword: '', newPassword: '', confirmation: '' });
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
  return (
    <form className="panel form" onSubmit={submit} aria-labelledby="password-form-title">
      <h2 id="password-form-title">Change password</h2>
      <Field
        label="Current password"
        type="password"
        autoComplete="current-password"
        required
        {...field('currentPassword')}
      />
      <Field
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        minLength={passwordPolicy.minLength}
        maxLength={passwordPolicy.maxLength}
        hint={passwordPolicy.description}
        {...field('newPassword')}
      />
      <Field
        label="Repeat the new password"
        type="password"
        autoComplete="new-password"
        required
        {...field('confirmation')}
      />
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
      <ErrorNotice error={change.error} />
      <SubmitButton pending={change.isPending} label="Change password" />
    </form>
  );
}
