// POST /v2/account/authenticate/{provider}, session refresh and logout.
import type { Core } from '../core/index.ts';
import type { AuthResult } from '../core/accounts.ts';
import { checkVars } from '../core/validate.ts';
import { failedPrecondition } from '../errors.ts';
import type { Msg } from '../encode.ts';
import type { Fields } from '../http/input.ts';
import type { ApiRequest, Route } from '../http/routes.ts';

/** Providers that need credentials of a third party this server is not given. */
export const UNCONFIGURED_PROVIDERS: Record<string, string> = {
  apple: 'Apple',
  facebook: 'Facebook',
  facebookinstantgame: 'Facebook Instant',
  gamecenter: 'GameCenter',
  google: 'Google',
  steam: 'Steam',
};

export function notConfigured(provider: string): Error {
  return failedPrecondition(`${UNCONFIGURED_PROVIDERS[provider]} authentication is not configured.`);
}

function sessionMsg(token: string, refreshToken: string, created: boolean): Msg {
  const out: Msg = {};
  if (created) out.created = true;
  out.token = token;
  out.refresh_token = refreshToken;
  return out;
}

export function authenticateRoutes(core: Core): Route[] {
  const { accounts, sessions } = core;

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
    auth('device', (_req, body, create, username) => accounts.authenticateDevice(body.string('id'), create, username)),
    auth('custom', (_req, body, create, username) => accounts.authenticateCustom(body.string('id'), create, username)),
    auth('email', (req, body, create, username) =>
      accounts.authenticateEmail(body.string('email'), body.string('password'), create, username, req.clientIp)),
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
  for (const provider of Object.keys(UNCONFIGURED_PROVIDERS)) {
    routes.push(auth(provider, async () => {
      throw notConfigured(provider);
    }));
  }
  return routes;
}
