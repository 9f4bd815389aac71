import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { loginMutationOptions } from '../../api/auth';
import { ApiError } from '../../api/http';

export function LoginPage({ redirectTo }: { redirectTo?: string }) {
  const queryClient = useQueryClient();
  const router = useRouter();
  const login = useMutation(loginMutationOptions(queryClient));
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate({ email, password }, { onSuccess: () => router.history.push(redirectTo ?? '/') });
  };

  return (
    <section className="auth-card" aria-labelledby="login-title">
      <h1 id="login-title">Log in</h1>
      <p className="auth-card__lead">Sign in to make your picks and follow the standings.</p>
      <form className="form" onSubmit={submit}>
        <label className="field">
          <span className="field__label">E-mail</span>
          <input
            type="email"
            name="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </label>
        <label className="field">
          <span className="field__label">Password</span>
          <input
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </label>
        {login.isError && (
          <p className="notice notice--error" role="alert">
            {login.error instanceof ApiError ? login.error.detail : login.error.message}
          </p>
        )}
        <button
          type="submit"
          className="button button--primary"
          disabled={login.isPending}
          aria-busy={login.isPending}
        >
          {login.isPending ? 'Signing in…' : 'Log in'}
        </button>
      </form>
      <p className="auth-card__footer">
        New to the pool? <Link to="/register">Create an account</Link> with the invitation link your pool host
        sent you.
      </p>
    </section>
  );
}
