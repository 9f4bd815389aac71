import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import { type FormEvent } from 'react';
import { loginMutationOptions } from '../../api/auth';
import { ErrorNotice, Field, SubmitButton, useFormFields } from './form-controls';

/** What the sign-in page says on arrival (`/login?notice=…`), after something that signed the person out. */
const loginNotices = {
  'account-deleted': 'Your account was deleted.',
} as const;

export type LoginNotice = keyof typeof loginNotices;

export const isLoginNotice = (value: unknown): value is LoginNotice =>
  typeof value === 'string' && Object.hasOwn(loginNotices, value);

export function LoginPage({ redirectTo, notice }: { redirectTo?: string; notice?: LoginNotice }) {
  const queryClient = useQueryClient();
  const router = useRouter();
  const login = useMutation(loginMutationOptions(queryClient));
  const { form, field } = useFormFields({ email: '', password: '' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate(form, { onSuccess: () => router.history.push(redirectTo ?? '/') });
  };

  return (
    <section className="auth-card" aria-labelledby="login-title">
      <h1 id="login-title">Log in</h1>
      {notice && (
        <p className="notice notice--success" role="status">
          {loginNotices[notice]}
        </p>
      )}
      <p className="auth-card__lead">Sign in to make your picks and follow the standings.</p>
      <form className="form" onSubmit={submit}>
        <Field label="E-mail" type="email" autoComplete="email" required {...field('email')} />
        <Field
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          {...field('password')}
        />
        <ErrorNotice error={login.error} />
        <SubmitButton pending={login.isPending} label="Log in" pendingLabel="Signing in…" />
      </form>
      <p className="auth-card__footer">
        <Link to="/forgot-password">Forgot password?</Link>
      </p>
      <p className="auth-card__footer">
        New to the pool? <Link to="/register">Create an account</Link> with the invitation link your pool host
        sent you.
      </p>
    </section>
  );
}
