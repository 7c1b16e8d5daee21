// /registration: username, password and e-mail, with clear errors.
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { register } from '../../../lib/nakama/account.ts';
import { ApiError } from '../../../lib/nakama/errors.ts';
import { Field, Notice, PageTitle } from '../../../shared/ui/index.tsx';
import { authMessages as m } from '../messages.ts';

export interface RegistrationErrors {
  username?: string;
  password?: string;
  email?: string;
  form?: string;
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateRegistration(username: string, password: string, email: string): RegistrationErrors {
  const errors: RegistrationErrors = {};
  if (!username.trim()) errors.username = m.usernameRequired;
  else if (/\s/.test(username) || new TextEncoder().encode(username).length > 128) errors.username = m.usernameInvalid;
  if (password.length < 8) errors.password = m.passwordShort;
  if (!EMAIL_RE.test(email.trim()) || email.trim().length < 10) errors.email = m.emailInvalid;
  return errors;
}

/** The server's answer as field errors. */
export function registrationError(err: unknown): RegistrationErrors {
  if (!(err instanceof ApiError)) return { form: m.registrationFailed };
  if (err.status === 409 && /username/i.test(err.message)) return { username: m.usernameTaken };
  if (err.status === 409 || err.status === 401) return { email: m.emailTaken };
  if (err.status === 400 && /password/i.test(err.message)) return { password: m.passwordShort };
  if (err.status === 400 && /email/i.test(err.message)) return { email: m.emailInvalid };
  if (err.status === 400 && /username/i.test(err.message)) return { username: m.usernameInvalid };
  if (err.status === 429) return { form: m.tooManyAttempts };
  return { form: m.registrationFailed };
}

export function Component() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<RegistrationErrors>({});
  const [loading, setLoading] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = validateRegistration(username, password, email);
    setErrors(found);
    if (Object.keys(found).length) return;
    setLoading(true);
    try {
      await register(username.trim(), password, email.trim());
      window.location.assign('/user/profile');
    } catch (err) {
      setErrors(registrationError(err));
    } finally {
      setLoading(false);
    }
  }

  return (
    <section className="page narrow">
      <PageTitle>{m.registrationTitle}</PageTitle>
      <form className="stack" onSubmit={submit} noValidate>
        <Field label={m.username} name="username" autoComplete="username" value={username} error={errors.username} onChange={(e) => setUsername(e.target.value)} />
        <Field label={m.password} name="password" type="password" autoComplete="new-password" value={password} error={errors.password} onChange={(e) => setPassword(e.target.value)} />
        <Field label={m.email} name="email" type="email" autoComplete="email" value={email} error={errors.email} onChange={(e) => setEmail(e.target.value)} />
        {errors.form && <Notice kind="error">{errors.form}</Notice>}
        <button type="submit" className="btn btn-primary" disabled={loading}>
          {loading ? m.registering : m.register}
        </button>
      </form>
      <p className="muted">
        {m.haveAccount} <Link to="/login">{m.toLogin}</Link>
      </p>
    </section>
  );
}
