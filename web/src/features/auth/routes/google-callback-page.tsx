// /auth/google/callback: reads the authorization code and signs in through the server.
import { useEffect, useRef, useState } from 'react';
import { Link } from '../../../lib/router/index.tsx';
import { ApiError } from '../../../lib/nakama/errors.ts';
import { apiErrorMessage } from '../../../shared/lib/error-message.ts';
import { sessionManager } from '../../../lib/nakama/session.ts';
import { takeReturn } from '../../../shared/lib/return-to.ts';
import { Notice, PageTitle, Spinner } from '../../../shared/ui/index.tsx';
import { googleLogin } from '../api/google.ts';
import { authMessages as m } from '../messages.ts';

export function Component() {
  // No code in the address is known at once; the sign-in itself is an effect.
  const [error, setError] = useState<string | null>(() => (new URLSearchParams(location.search).get('code') ? null : m.googleNoCode));
  const [done, setDone] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const params = new URLSearchParams(location.search);
    const code = params.get('code');
    if (!code) return;
    googleLogin(code, params.get('state') ?? '')
      .then((r) => {
        if (!r.access_token || !r.refresh_token) throw new Error(m.googleFailed);
        sessionManager.signIn(r.access_token, r.refresh_token);
        setDone(true);
        window.location.replace(takeReturn() ?? '/');
      })
      .catch((err) => {
        setError(err instanceof ApiError ? apiErrorMessage(err, m.googleBackendFailed) : m.googleFailed);
      });
  }, []);

  return (
    <section className="page narrow">
      <PageTitle>{m.loginTitle}</PageTitle>
      {!error && !done && <Spinner label={m.googleInProgress} delayMs={0} />}
      {done && <Notice kind="success">{m.success}</Notice>}
      {error && (
        <>
          <Notice kind="error">{error}</Notice>
          <Link className="btn btn-primary" to="/login">{m.back}</Link>
        </>
      )}
    </section>
  );
}
