// /registration: username, password and e-mail, with clear errors and the personal-data consent; then
// the code mailed to the address, which confirms it (an address counts only once proven).
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from '../../../lib/router/index.tsx';
import { BYTE_LIMITS, TEXT_LIMITS } from '@tribuna/portal/text-limits';
import { register } from '../../../lib/nakama/account.ts';
import type { Session } from '../../../lib/nakama/client.ts';
import { ApiError } from '../../../lib/nakama/errors.ts';
import { safeReturnPath, withReturn } from '../../../shared/lib/return-to.ts';
import { Field, Notice, PageTitle } from '../../../shared/ui/index.tsx';
import { requestAuthCode } from '../api/auth-code.ts';
import { ConfirmStep } from '../components/confirm-step.tsx';
import { Consent } from '../components/consent.tsx';
import { sendErrorText } from '../errors.ts';
import { authMessages as m } from '../messages.ts';

export interface RegistrationErrors {
  username?: string;
  password?: string;
  repeat?: string;
  email?: string;
  form?: string;
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateRegistration(username: string, password: string, email: string, repeat = password): RegistrationErrors {
  const errors: RegistrationErrors = {};
  if (!username.trim()) errors.username = m.usernameRequired;
  else if (/\s/.test(username) || new TextEncoder().encode(username).length > 128) errors.username = m.usernameInvalid;
  if (password.length < 8) errors.password = m.passwordShort;
  else if (repeat !== password) errors.repeat = m.passwordMismatch;
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

export function Component() {
  const [params] = useSearchParams();
  // The page the user came from (a path on this site only); the profile otherwise.
  const next = safeReturnPath(params.get('next'));
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [email, setEmail] = useState('');
  const [consent, setConsent] = useState(false);
  const [consentError, setConsentError] = useState(false);
  const [errors, setErrors] = useState<RegistrationErrors>({});
  const [loading, setLoading] = useState(false);
  const [pending, setPending] = useState<{ session: Session; email: string; sendError?: string } | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = validateRegistration(username, password, email, repeat);
    setErrors(found);
    setConsentError(!consent);
    if (Object.keys(found).length || !consent) return;
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
    <section className="page form-page registration">
      <PageTitle>{pending ? m.confirmTitle : m.registrationTitle}</PageTitle>
      {pending ? (
        <div className="narrow-form stack">
          {pending.sendError && <Notice kind="error">{pending.sendError}</Notice>}
          <ConfirmStep session={pending.session} email={pending.email} onConfirmed={() => window.location.assign(next ?? '/user/profile')} />
        </div>
      ) : (
        <form className="form-grid" onSubmit={submit} noValidate>
          <Field label={m.username} name="username" autoComplete="username" limit={{ bytes: BYTE_LIMITS.username }} hint={m.usernameHint} value={username} error={errors.username} onChange={(e) => setUsername(e.target.value)} />
          <Field label={m.email} name="email" type="email" autoComplete="email" limit={TEXT_LIMITS.email} counter="near" value={email} error={errors.email} onChange={(e) => setEmail(e.target.value)} />
          <Field label={m.password} name="password" type="password" autoComplete="new-password" limit={{ bytes: BYTE_LIMITS.password }} counter="near" hint={m.passwordHint} value={password} error={errors.password} onChange={(e) => setPassword(e.target.value)} />
          <Field label={m.passwordRepeat} name="password_repeat" type="password" autoComplete="new-password" limit={{ bytes: BYTE_LIMITS.password }} counter="near" value={repeat} error={errors.repeat} onChange={(e) => setRepeat(e.target.value)} />
          <Consent checked={consent} error={consentError} onChange={(v) => { setConsent(v); if (v) setConsentError(false); }} />
          {errors.form && <Notice kind="error">{errors.form}</Notice>}
          <div className="form-actions">
            <button type="submit" className="btn btn-primary" disabled={loading}>
              {loading ? m.registering : m.register}
            </button>
          </div>
        </form>
      )}
      <p className="muted">
        {m.haveAccount} <Link to={withReturn('/login', next ?? '/')}>{m.toLogin}</Link>
      </p>
    </section>
  );
}
