import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import {
  ErrorCodes,
  passwordPolicy,
  type InvitationStatus,
  type RegistrationOptions,
} from '@treble/contracts';
import { type FormEvent } from 'react';
import { registerMutationOptions, registrationOptionsQueryOptions } from '../../api/auth';
import { ApiError } from '../../api/http';
import { ErrorNotice, Field, NameFields, SubmitButton, useFormFields } from './form-controls';

const invitationProblems: Record<Exclude<InvitationStatus, 'valid'> | 'suspended', string> = {
  unknown: 'This invitation link is not valid.',
  suspended: 'This invitation link belongs to a member who is not active in the pool right now.',
  expired: 'This invitation link has expired.',
  'used-up': 'This invitation link has already been used.',
  revoked: 'This invitation link has been withdrawn.',
};

/** What the page can offer: a form (and why), or only an explanation. */
function situation(options: RegistrationOptions): { canRegister: boolean; message: string } {
  if (options.firstAccount) {
    return {
      canRegister: true,
      message: 'This pool has no members yet: the account you create now will run it as its admin.',
    };
  }
  const status = options.invitation?.status;
  if (status === 'valid') return { canRegister: true, message: 'You have been invited to join the pool.' };
  if (status !== undefined) {
    const problem = `${invitationProblems[status]} Ask your pool host for a new one.`;
    return { canRegister: false, message: problem };
  }
  if (options.mode === 'open') return { canRegister: true, message: 'Anyone can join this pool.' };
  return {
    canRegister: false,
    message: 'This pool is by invitation only. Ask your pool host for an invitation link.',
  };
}

export function RegisterPage({ invite }: { invite?: string }) {
  const { data: options } = useSuspenseQuery(registrationOptionsQueryOptions(invite));
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const register = useMutation(registerMutationOptions(queryClient));
  const { form, field } = useFormFields({ firstName: '', lastName: '', email: '', password: '' });
  const { canRegister, message } = situation(options);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    register.mutate(
      {
        email: form.email,
        password: form.password,
        ...(form.firstName.trim() ? { firstName: form.firstName } : {}),
        ...(form.lastName.trim() ? { lastName: form.lastName } : {}),
        ...(invite && options.invitation?.status === 'valid' ? { inviteToken: invite } : {}),
      },
      { onSuccess: () => void navigate({ to: '/' }) },
    );
  };

  const error = register.error;
  return (
    <section className="auth-card" aria-labelledby="register-title">
      <h1 id="register-title">Create your account</h1>
      <p
        className={canRegister ? 'auth-card__lead' : 'notice notice--error'}
        role={canRegister ? undefined : 'alert'}
      >
        {message}
      </p>
      {canRegister && (
        <form className="form" onSubmit={submit}>
          <div className="form__row">
            <NameFields field={field} />
          </div>
          <Field label="E-mail" type="email" autoComplete="email" required {...field('email')} />
          <div className="field">
            <label className="field__label" htmlFor="register-password">
              Password
            </label>
            <input
              id="register-password"
              type="password"
              autoComplete="new-password"
              required
              minLength={passwordPolicy.minLength}
              maxLength={passwordPolicy.maxLength}
              aria-describedby="password-hint"
              {...field('password')}
            />
            <span className="field__hint" id="password-hint">
              {passwordPolicy.description} A few unrelated words make a strong one.
            </span>
          </div>
          <ErrorNotice error={error}>
            {error instanceof ApiError && error.code === ErrorCodes.EMAIL_TAKEN && (
              <>
                {' '}
                <Link to="/login">Log in</Link>
              </>
            )}
          </ErrorNotice>
          <SubmitButton
            pending={register.isPending}
            label="Create account"
            pendingLabel="Creating your account…"
          />
        </form>
      )}
      <p className="auth-card__footer">
        Already a member? <Link to="/login">Log in</Link>
      </p>
    </section>
  );
}
