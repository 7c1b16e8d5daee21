// POST /v2/account/authenticate/{provider}, session refresh and logout.
import type { AuthResult } from '../core/authenticate.ts';
import type { Core } from '../core/index.ts';
import { checkVars } from '../core/validate.ts';
import type { Msg } from '../encode.ts';
import type { ApiRequest, Route } from '../http/routes.ts';
import type { Fields } from '../input.ts';
import { credentialOf, SIGN_IN_PROVIDERS } from './sign-in.ts';

function sessionMsg(token: string, refreshToken: string, created: boolean): Msg {
  const out: Msg = {};
  if (created) out.created = true;
  out.token = token;
  out.refresh_token = refreshToken;
  return out;
}

export function authenticateRoutes(core: Core): Route[] {
  const { authenticator, sessions } = core;

  const auth = (provider: string, run: (req: ApiRequest, body: Fields, create: boolean, username: string | undefined) => Promise<AuthResult>): Route => ({
    method: 'POST',
    path: `/v2/account/authenticate/${provider}`,
    auth: 'basic',
    async handler(req) {
      const body = req.body();
      const create = req.query.bool('create') ?? true;
      const username = req.query.string('username') || undefined;
      const vars = checkVars(body.raw('vars'));
      const result = await run(req, body, create, username);
      const s = sessions.issue(result.userId, result.username, vars);
      return sessionMsg(s.token, s.refreshToken, result.created);
    },
  });

  const routes: Route[] = [
    auth('device', (req, body, create, username) => authenticator.authenticateDevice(body.string('id'), create, username, req.clientIp)),
    auth('custom', (req, body, create, username) => authenticator.authenticateCustom(body.string('id'), create, username, req.clientIp)),
    auth('email', (req, body, create, username) =>
      authenticator.authenticateEmail(body.string('email'), body.string('password'), create, username, req.clientIp)),
    {
      method: 'POST',
      path: '/v2/account/session/refresh',
      auth: 'basic',
      async handler(req) {
        const body = req.body();
        const vars = body.raw('vars') !== undefined ? checkVars(body.raw('vars')) ?? {} : undefined;
        const s = await sessions.refresh(body.string('token') ?? '', vars);
        return sessionMsg(s.token, s.refreshToken, false);
      },
    },
    {
      method: 'POST',
      path: '/v2/session/logout',
      auth: 'bearer',
      async handler(req) {
        const body = req.body();
        await sessions.logout(req.session.uid, body.string('token') ?? '', body.string('refresh_token') ?? '');
        return {};
      },
    },
  ];
  // Each provider answers "not configured" until its keys are set; only Facebook and Steam read `sync`.
  for (const provider of SIGN_IN_PROVIDERS) {
    routes.push(auth(provider, (req, body, create, username) => core.signIn.authenticate(provider, credentialOf(provider, body), {
      create,
      username,
      clientIp: req.clientIp,
      sync: (provider === 'facebook' || provider === 'steam') && req.query.bool('sync') === true,
    })));
  }
  return routes;
}
