// The code mailed to an address not yet proven: registration's second step, and a password sign-in to
// such an account. The code confirms the account and signs this browser in to it.
import { useState, type FormEvent } from 'react';
import type { Session } from '../../../lib/nakama/client.ts';
import { Button, Notice } from '../../../shared/ui/index.tsx';
import { confirmRegistration, requestAuthCode } from '../api/auth-code.ts';
import { sendErrorText, verifyErrorText } from '../errors.ts';
import { authMessages as m } from '../messages.ts';
import { CodeField } from './code-field.tsx';

type Status = { kind: 'success' | 'error'; text: string } | null;

export function ConfirmStep({ session, email, onConfirmed }: { session: Session; email: string; onConfirmed(): void }) {
  const [code, setCode] = useState('');
  const [loading, setLoading] = useState(false);
  const [status, setStatus] = useState<Status>(null);

  async function confirm(e: FormEvent) {
    e.preventDefault();
    setLoading(true);
    setStatus(null);
    try {
      await confirmRegistration(session, email, code.trim());
      onConfirmed();
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
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={loading || code.trim().length === 0}>
          {loading ? m.confirming : m.confirm}
        </button>
        <Button variant="ghost" onClick={resend}>{m.resend}</Button>
      </div>
      {status && <Notice kind={status.kind}>{status.text}</Notice>}
    </form>
  );
}
