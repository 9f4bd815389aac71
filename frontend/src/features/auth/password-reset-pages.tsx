import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { passwordPolicy } from '@treble/contracts';
import { Link, useRouter } from '@tanstack/react-router';
import { type FormEvent } from 'react';
import {
  registrationOptionsQueryOptions,
  requestPasswordResetMutationOptions,
  resetPasswordMutationOptions,
} from '../../api/auth';
import { ErrorNotice, Field, SubmitButton, useFormFields } from './form-controls';

/**
 * "Forgot password?": one field, and the same answer whatever address was typed. A pool that sends
 * no e-mail says at once that the host hands out reset links.
 */
export function ForgotPasswordPage() {
  const { data: options } = useSuspenseQuery(registrationOptionsQueryOptions(undefined));
  const request = useMutation(requestPasswordResetMutationOptions());
  const { form, field } = useFormFields({ email: '' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    request.mutate(form);
  };

  return (
    <section className="auth-card" aria-labelledby="forgot-title">
      <h1 id="forgot-title">Forgot your password?</h1>
      {!options.sendsEmail ? (
        <p className="notice" role="status">
          This pool does not send e-mail. Ask your pool host for a reset link: they can make one for you on
          the Admin page.
        </p>
      ) : request.isSuccess ? (
        <p className="notice" role="status">
          {request.data.message}
        </p>
      ) : (
        <>
          <p className="auth-card__lead">
            Type the e-mail address of your account and we will send you a link to choose a new password.
          </p>
          <form className="form" onSubmit={submit}>
            <Field label="E-mail" type="email" autoComplete="email" required {...field('email')} />
            <ErrorNotice error={request.error} />
            <SubmitButton pending={request.isPending} label="Send reset link" pendingLabel="Sending…" />
          </form>
        </>
      )}
      <p className="auth-card__footer">
        Remembered it? <Link to="/login">Log in</Link>
      </p>
    </section>
  );
}

/** Opened from the link in the mail (or one the pool host handed over): a new password, then signed in. */
export function ResetPasswordPage({ token }: { token?: string }) {
  const queryClient = useQueryClient();
  const router = useRouter();
  const reset = useMutation(resetPasswordMutationOptions(queryClient));
  const { form, field } = useFormFields({ newPassword: '' });

  if (!token) {
    return (
      <section className="auth-card" aria-labelledby="reset-title">
        <h1 id="reset-title">Set a new password</h1>
        <p className="notice notice--error" role="alert">
          This page needs the link from your reset e-mail.{' '}
          <Link to="/forgot-password">Ask for a new link</Link>.
        </p>
      </section>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    reset.mutate({ token, newPassword: form.newPassword }, { onSuccess: () => router.history.push('/') });
  };

  return (
    <section className="auth-card" aria-labelledby="reset-title">
      <h1 id="reset-title">Set a new password</h1>
      <p className="auth-card__lead">
        Choose a new password ({passwordPolicy.minLength} characters or more). You will be signed out
        everywhere else.
      </p>
      <form className="form" onSubmit={submit}>
        <Field
          label="New password"
          type="password"
          autoComplete="new-password"
          required
          minLength={passwordPolicy.minLength}
          maxLength={passwordPolicy.maxLength}
          {...field('newPassword')}
        />
        <ErrorNotice error={reset.error}>
          {' '}
          <Link to="/forgot-password">Ask for a new link</Link>
        </ErrorNotice>
        <SubmitButton pending={reset.isPending} label="Set new password" pendingLabel="Saving…" />
      </form>
    </section>
  );
}
