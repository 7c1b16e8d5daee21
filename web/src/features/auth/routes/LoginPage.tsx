// /login: choose e-mail code or Google; e-mail, consent and "send code"; then the code.
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/nakama/errors.ts';
import { sessionManager } from '../../../lib/nakama/session.ts';
import { useAuthenticated } from '../../../stores/session.ts';
import { Button, Field, Notice, PageTitle } from '../../../shared/ui/index.tsx';
import { requestAuthCode, verifyAuthCode } from '../api/auth-code.ts';
import { googleAuthUrl } from '../api/google.ts';
import { authMessages as m } from '../messages.ts';

type Step = 'choose' | 'email' | 'code';
type Status = { kind: 'success' | 'error'; text: string } | null;

export const CODE_LENGTH = 6;

function GoogleButton() {
  const q = useQuery({ queryKey: ['google-auth-url'], queryFn: googleAuthUrl, staleTime: 0, gcTime: 0 });
  const enabled = q.data?.enabled && q.data.url;
  return (
    <div className="stack">
      <Button variant="secondary" disabled={!enabled} onClick={() => enabled && location.assign(q.data!.url!)}>
        {m.byGoogle}
      </Button>
      {q.data && !q.data.enabled && <small className="muted">{m.googleNotConfigured}</small>}
      {q.isError && <small className="field-error">{m.googleFailed}</small>}
    </div>
  );
}

export function Component() {
  const authenticated = useAuthenticated();
  const [step, setStep] = useState<Step>('choose');
  const [email, setEmail] = useState('');
  const [consent, setConsent] = useState(false);
  const [consentError, setConsentError] = useState(false);
  const [code, setCode] = useState('');
  const [loading, setLoading] = useState(false);
  const [status, setStatus] = useState<Status>(null);

  const reset = () => {
    setStep('choose');
    setEmail('');
    setConsent(false);
    setConsentError(false);
    setCode('');
    setLoading(false);
    setStatus(null);
  };

  async function send(e: FormEvent) {
    e.preventDefault();
    if (!consent) {
      setConsentError(true);
      return;
    }
    setLoading(true);
    setStatus(null);
    try {
      const r = await requestAuthCode(email.trim());
      if (r.success) {
        setStatus({ kind: 'success', text: m.codeSent });
        setStep('code');
      } else {
        setStatus({ kind: 'error', text: r.message || m.sendFailed });
      }
    } catch (err) {
      const api = err instanceof ApiError ? err : undefined;
      setStatus({ kind: 'error', text: api && api.status === 400 ? api.message : api?.status === 429 ? m.tooManyAttempts : m.sendServerError });
    } finally {
      setLoading(false);
    }
  }

  async function verify(e: FormEvent) {
    e.preventDefault();
    setLoading(true);
    setStatus(null);
    try {
      const r = await verifyAuthCode(email.trim(), code.trim());
      if (!r.access_token || !r.refresh_token) {
        setStatus({ kind: 'error', text: m.wrongCode });
        return;
      }
      sessionManager.signIn(r.access_token, r.refresh_token);
      setStatus({ kind: 'success', text: m.success });
      window.location.assign('/');
    } catch (err) {
      const api = err instanceof ApiError ? err : undefined;
      setStatus({ kind: 'error', text: api?.status === 400 ? m.wrongCode : api?.status === 429 ? api.message || m.tooManyAttempts : m.verifyFailed });
    } finally {
      setLoading(false);
    }
  }

  return (
    <section className="page narrow">
      <PageTitle>{m.loginTitle}</PageTitle>
      {authenticated && <Notice kind="info">{m.alreadySignedIn}</Notice>}
      {step === 'choose' && (
        <div className="stack">
          <p>{m.chooseMethod}</p>
          <Button onClick={() => setStep('email')}>{m.byEmail}</Button>
          <GoogleButton />
        </div>
      )}
      {step === 'email' && (
        <form className="stack" onSubmit={send} noValidate>
          <Field label={m.email} name="email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
          <label className="checkbox">
            <input
              type="checkbox"
              checked={consent}
              onChange={(e) => {
                setConsent(e.target.checked);
                if (e.target.checked) setConsentError(false);
              }}
            />
            <span>
              {m.consentLabel} (<Link to="/dataProcessingConsent">{m.consentDoc}</Link>, <Link to="/termsOfUse">{m.termsDoc}</Link>)
            </span>
          </label>
          {(consentError || !consent) && <small className={consentError ? 'field-error' : 'muted'}>{m.consentRequired}</small>}
          <div className="row">
            <button type="submit" className="btn btn-primary" disabled={!consent || loading || !email.trim()}>
              {loading ? m.sending : m.sendCode}
            </button>
            <Button variant="ghost" onClick={reset}>{m.cancel}</Button>
          </div>
        </form>
      )}
      {step === 'code' && (
        <form className="stack" onSubmit={verify} noValidate>
          <Field
            label={m.code}
            name="code"
            hint={m.codeHint}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={CODE_LENGTH}
            value={code}
            onChange={(e) => setCode(e.target.value.slice(0, CODE_LENGTH))}
          />
          <div className="row">
            <button type="submit" className="btn btn-primary" disabled={loading || code.trim().length === 0}>
              {loading ? m.verifying : m.verify}
            </button>
            <Button variant="ghost" onClick={reset}>{m.cancel}</Button>
          </div>
        </form>
      )}
      {status && <Notice kind={status.kind}>{status.text}</Notice>}
      <p className="muted">
        {m.noAccount} <Link to="/registration">{m.toRegistration}</Link>
      </p>
    </section>
  );
}
