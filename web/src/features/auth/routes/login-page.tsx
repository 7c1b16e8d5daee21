// /login: choose a way in (a code by e-mail, e-mail and password, Google); the e-mail ways need the
// personal-data consent. A first sign-in by code then asks for the name others will see.
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from '../../../lib/router/index.tsx';
import { BYTE_LIMITS, TEXT_LIMITS } from '@tribuna/portal/text-limits';
import { NakamaSession, type Session } from '../../../lib/nakama/client.ts';
import { sessionManager } from '../../../lib/nakama/session.ts';
import { useAuthenticated } from '../../../stores/session.ts';
import { apiErrorMessage } from '../../../shared/lib/error-message.ts';
import { rememberReturn, safeReturnPath, withReturn } from '../../../shared/lib/return-to.ts';
import { Button, Field, Notice, PageTitle } from '../../../shared/ui/index.tsx';
import { requestAuthCode, verifyAuthCode } from '../api/auth-code.ts';
import { googleAuthUrl } from '../api/google.ts';
import { loginPassword } from '../api/login-password.ts';
import { CodeField } from '../components/code-field.tsx';
import { ConfirmStep } from '../components/confirm-step.tsx';
import { Consent } from '../components/consent.tsx';
import { NameStep } from '../components/name-step.tsx';
import { sendErrorText, verifyErrorText } from '../errors.ts';
import { authMessages as m } from '../messages.ts';
import { authKeys } from '../keys.ts';

type Step = 'choose' | 'email' | 'code' | 'password' | 'confirm' | 'name';
type Status = { kind: 'success' | 'error'; text: string } | null;

function GoogleButton({ next }: { next: string | undefined }) {
  const q = useQuery({ queryKey: authKeys.googleAuthUrl, queryFn: googleAuthUrl, staleTime: 0, gcTime: 0 });
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
  const [password, setPassword] = useState('');
  const [consent, setConsent] = useState(false);
  const [consentError, setConsentError] = useState(false);
  const [code, setCode] = useState('');
  const [loading, setLoading] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  // A password sign-in to an address never proven: its session waits for the code.
  const [unproven, setUnproven] = useState<Session>();

  const done = () => window.location.assign(next ?? '/');
  const reset = () => {
    setStep('choose');
    setEmail('');
    setPassword('');
    setConsent(false);
    setConsentError(false);
    setCode('');
    setLoading(false);
    setStatus(null);
    setUnproven(undefined);
  };
  const go = (to: Step) => {
    setStatus(null);
    setStep(to);
  };
  const consented = () => {
    if (!consent) setConsentError(true);
    return consent;
  };

  async function send(e: FormEvent) {
    e.preventDefault();
    if (!consented()) return;
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
      if (r.created) setStep('name');
      else done();
    } catch (err) {
      setStatus({ kind: 'error', text: verifyErrorText(err) });
    } finally {
      setLoading(false);
    }
  }

  async function signInWithPassword(e: FormEvent) {
    e.preventDefault();
    if (!consented()) return;
    setLoading(true);
    setStatus(null);
    try {
      const r = await loginPassword(email.trim(), password);
      if (r.verified) {
        sessionManager.signIn(r.access_token, r.refresh_token);
        setStatus({ kind: 'success', text: m.success });
        done();
        return;
      }
      // The address was never proven: the code mailed to it confirms the account first.
      const session = NakamaSession.restore(r.access_token, r.refresh_token);
      await requestAuthCode(email.trim(), session).catch((err: unknown) => setStatus({ kind: 'error', text: sendErrorText(err) }));
      setUnproven(session);
      setStep('confirm');
    } catch (err) {
      setStatus({ kind: 'error', text: apiErrorMessage(err, m.loginFailed) });
    } finally {
      setLoading(false);
    }
  }

  const consentBox = <Consent checked={consent} error={consentError} onChange={(v) => { setConsent(v); if (v) setConsentError(false); }} />;

  return (
    <section className="page narrow">
      <PageTitle>{step === 'name' ? m.nameTitle : step === 'confirm' ? m.confirmTitle : m.loginTitle}</PageTitle>
      {authenticated && step !== 'name' && <Notice kind="info">{m.alreadySignedIn}</Notice>}
      {step === 'choose' && (
        <div className="stack">
          <p>{m.chooseMethod}</p>
          <Button onClick={() => go('email')}>{m.byEmail}</Button>
          <Button variant="secondary" onClick={() => go('password')}>{m.byPassword}</Button>
          <GoogleButton next={next} />
        </div>
      )}
      {step === 'email' && (
        <form className="stack" onSubmit={send} noValidate>
          <Field label={m.email} name="email" type="email" autoComplete="email" required limit={TEXT_LIMITS.email} counter="near" value={email} onChange={(e) => setEmail(e.target.value)} />
          {consentBox}
          <div className="form-actions">
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
          <div className="form-actions">
            <button type="submit" className="btn btn-primary" disabled={loading || code.trim().length === 0}>
              {loading ? m.verifying : m.verify}
            </button>
            <Button variant="ghost" onClick={reset}>{m.cancel}</Button>
          </div>
        </form>
      )}
      {step === 'password' && (
        <form className="stack" onSubmit={signInWithPassword} noValidate>
          <Field label={m.email} name="email" type="email" autoComplete="email" required limit={TEXT_LIMITS.email} counter="near" value={email} onChange={(e) => setEmail(e.target.value)} />
          <Field label={m.password} name="password" type="password" autoComplete="current-password" required limit={{ bytes: BYTE_LIMITS.password }} counter="near" value={password} onChange={(e) => setPassword(e.target.value)} />
          {consentBox}
          <div className="form-actions">
            <button type="submit" className="btn btn-primary" disabled={!consent || loading || !email.trim() || !password}>
              {loading ? m.verifying : m.verify}
            </button>
            <Button variant="ghost" onClick={reset}>{m.cancel}</Button>
          </div>
          <p className="muted">
            {m.forgotPassword} <button type="button" className="link-button" onClick={() => go('email')}>{m.byCodeInstead}</button>
          </p>
        </form>
      )}
      {step === 'confirm' && unproven && <ConfirmStep session={unproven} email={email.trim()} onConfirmed={done} />}
      {step === 'name' && <NameStep email={email.trim()} onDone={done} />}
      {status && step !== 'name' && <Notice kind={status.kind}>{status.text}</Notice>}
      {step !== 'name' && (
        <p className="muted">
          {m.noAccount} <Link to={withReturn('/registration', next ?? '/')}>{m.toRegistration}</Link>
        </p>
      )}
    </section>
  );
}
