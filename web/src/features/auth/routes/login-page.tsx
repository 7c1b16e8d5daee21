// /login: choose e-mail code or Google; e-mail, consent and "send code"; then the code.
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/nakama/errors.ts';
import { sessionManager } from '../../../lib/nakama/session.ts';
import { useAuthenticated } from '../../../stores/session.ts';
import { rememberReturn, safeReturnPath, withReturn } from '../../../shared/lib/return-to.ts';
import { Button, Field, Notice, PageTitle } from '../../../shared/ui/index.tsx';
import { requestAuthCode, verifyAuthCode } from '../api/auth-code.ts';
import { googleAuthUrl } from '../api/google.ts';
import { CodeField } from '../components/code-field.tsx';
import { authMessages as m } from '../messages.ts';

type Step = 'choose' | 'email' | 'code';
type Status = { kind: 'success' | 'error'; text: string } | null;

/** The server's own message of a refusal, when it sent one (a body without one leaves the status text). */
function serverMessage(err: ApiError): string | undefined {
  const text = err.message.trim();
  return text && !/^(HTTP \d+|Bad Request|Too Many Requests)$/i.test(text) ? text : undefined;
}

/**
 * A failed request_auth_code: refused input (400) and the rate limits (429, with the wait time) in the
 * server's words; anything else threw on the server's side.
 */
export function sendErrorText(err: unknown): string {
  if (err instanceof ApiError && err.status === 400) return serverMessage(err) ?? m.sendFailed;
  if (err instanceof ApiError && err.status === 429) return serverMessage(err) ?? m.tooManyAttempts;
  return m.sendServerError;
}

/**
 * A failed verify_auth_code: a refused code (400) in the server's words, which say whether it was wrong
 * ('Неверный код'), expired, used up or missing ('Неверный код' when it says nothing); anything else
 * 'Ошибка при проверке кода'.
 */
export function verifyErrorText(err: unknown): string {
  if (err instanceof ApiError && err.status === 400) return serverMessage(err) ?? m.wrongCode;
  return m.verifyFailed;
}

function GoogleButton({ next }: { next: string | undefined }) {
  const q = useQuery({ queryKey: ['google-auth-url'], queryFn: googleAuthUrl, staleTime: 0, gcTime: 0 });
  const enabled = q.data?.enabled && q.data.url;
  const go = () => {
    if (!enabled) return;
    // Google returns to the callback page, which then returns here.
    rememberReturn(next ?? null);
    location.assign(q.data!.url!);
  };
  return (
    <div className="stack">
      <Button variant="secondary" disabled={!enabled} onClick={go}>
        {m.byGoogle}
      </Button>
      {q.data && !q.data.enabled && <small className="muted">{m.googleNotConfigured}</small>}
      {q.isError && <small className="field-error">{m.googleFailed}</small>}
    </div>
  );
}

export function Component() {
  const authenticated = useAuthenticated();
  const [params] = useSearchParams();
  // The page the user came from (a path on this site only).
  const next = safeReturnPath(params.get('next'));
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
      setStatus({ kind: 'error', text: sendErrorText(err) });
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
      window.location.assign(next ?? '/');
    } catch (err) {
      setStatus({ kind: 'error', text: verifyErrorText(err) });
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
          <GoogleButton next={next} />
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
          <CodeField value={code} onChange={setCode} />
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
        {m.noAccount} <Link to={withReturn('/registration', next ?? '/')}>{m.toRegistration}</Link>
      </p>
    </section>
  );
}
