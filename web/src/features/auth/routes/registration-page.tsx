// /registration: username, password and e-mail, with clear errors; then the code mailed to the address,
// which confirms it (an address counts only once proven).
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { register } from '../../../lib/nakama/account.ts';
import type { Session } from '../../../lib/nakama/client.ts';
import { ApiError } from '../../../lib/nakama/errors.ts';
import { safeReturnPath, withReturn } from '../../../shared/lib/return-to.ts';
import { Button, Field, Notice, PageTitle } from '../../../shared/ui/index.tsx';
import { confirmRegistration, requestAuthCode } from '../api/auth-code.ts';
import { CodeField } from '../components/code-field.tsx';
import { authMessages as m } from '../messages.ts';
import { sendErrorText, verifyErrorText } from './login-page.tsx';

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
  if (err.status === 409 || err.status === 401) return { email: `${m.emailTaken}. ${m.emailTakenHint}` };
  if (err.status === 400 && /password/i.test(err.message)) return { password: m.passwordShort };
  if (err.status === 400 && /email/i.test(err.message)) return { email: m.emailInvalid };
  if (err.status === 400 && /username/i.test(err.message)) return { username: m.usernameInvalid };
  if (err.status === 429) return { form: m.tooManyAttempts };
  return { form: m.registrationFailed };
}

type Status = { kind: 'success' | 'error'; text: string } | null;

/** The second step: the code mailed to the new account's address. */
function ConfirmStep({ session, email, next }: { session: Session; email: string; next: string | undefined }) {
  const [code, setCode] = useState('');
  const [loading, setLoading] = useState(false);
  const [status, setStatus] = useState<Status>(null);

  async function confirm(e: FormEvent) {
    e.preventDefault();
    setLoading(true);
    setStatus(null);
    try {
      await confirmRegistration(session, email, code.trim());
      window.location.assign(next ?? '/user/profile');
    } catch (err) {
      setStatus({ kind: 'error', text: verifyErrorText(err) });
      setLoading(false);
    }
  }

  async function resend() {
    setStatus(null);
    try {
      await requestAuthCode(email, session);
      setStatus({ kind: 'success', text: m.resent });
    } catch (err) {
      setStatus({ kind: 'error', text: sendErrorText(err) });
    }
  }

  return (
    <form className="stack" onSubmit={confirm} noValidate>
      <p>{m.confirmSent(email)}</p>
      <CodeField value={code} onChange={setCode} />
      <div className="row">
        <button type="submit" className="btn btn-primary" disabled={loading || code.trim().length === 0}>
          {loading ? m.confirming : m.confirm}
        </button>
        <Button variant="ghost" onClick={resend}>{m.resend}</Button>
      </div>
      {status && <Notice kind={status.kind}>{status.text}</Notice>}
    </form>
  );
}

export function Component() {
  const [params] = useSearchParams();
  // The page the user came from (a path on this site only); the profile otherwise.
  const next = safeReturnPath(params.get('next'));
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<RegistrationErrors>({});
  const [loading, setLoading] = useState(false);
  const [pending, setPending] = useState<{ session: Session; email: string; sendError?: string } | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = validateRegistration(username, password, email);
    setErrors(found);
    if (Object.keys(found).length) return;
    setLoading(true);
    try {
      const address = email.trim();
      const session = await register(username.trim(), password, address);
      let sendError: string | undefined;
      await requestAuthCode(address, session).catch((err: unknown) => {
        sendError = sendErrorText(err);
      });
      setPending({ session, email: address, sendError });
    } catch (err) {
      setErrors(registrationError(err));
    } finally {
      setLoading(false);
    }
  }

  return (
    <section className="page narrow">
      <PageTitle>{pending ? m.confirmTitle : m.registrationTitle}</PageTitle>
      {pending ? (
        <>
          {pending.sendError && <Notice kind="error">{pending.sendError}</Notice>}
          <ConfirmStep session={pending.session} email={pending.email} next={next} />
        </>
      ) : (
        <form className="stack" onSubmit={submit} noValidate>
          <Field label={m.username} name="username" autoComplete="username" value={username} error={errors.username} onChange={(e) => setUsername(e.target.value)} />
          <Field label={m.password} name="password" type="password" autoComplete="new-password" value={password} error={errors.password} onChange={(e) => setPassword(e.target.value)} />
          <Field label={m.email} name="email" type="email" autoComplete="email" value={email} error={errors.email} onChange={(e) => setEmail(e.target.value)} />
          {errors.form && <Notice kind="error">{errors.form}</Notice>}
          <button type="submit" className="btn btn-primary" disabled={loading}>
            {loading ? m.registering : m.register}
          </button>
        </form>
      )}
      <p className="muted">
        {m.haveAccount} <Link to={withReturn('/login', next ?? '/')}>{m.toLogin}</Link>
      </p>
    </section>
  );
}
