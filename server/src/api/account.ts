// GET/PUT/DELETE /v2/account and linking or unlinking credentials.
import type { Core } from '../core/index.ts';
import { jsonString, put, userMsg, type Msg } from '../encode.ts';
import type { Route } from '../http/routes.ts';
import type { Fields } from '../input.ts';
import { credentialOf, SIGN_IN_PROVIDERS } from './sign-in.ts';

export function accountRoutes(core: Core): Route[] {
  const { accounts, links, sessions, users, bus } = core;

  const link = (provider: string, kind: 'link' | 'unlink', run: (userId: string, body: Fields) => Promise<void>): Route => ({
    method: 'POST',
    path: `/v2/account/${kind}/${provider}`,
    auth: 'bearer',
    async handler(req) {
      await run(req.session.uid, req.body());
      return {};
    },
  });

  const routes: Route[] = [
    {
      method: 'GET',
      path: '/v2/account',
      auth: 'bearer',
      async handler(req) {
        const a = await accounts.getAccount(req.session.uid);
        const out: Msg = { user: userMsg(a.user, users.online(a.user.id)), wallet: jsonString(a.wallet) };
        put(out, 'email', a.email);
        put(out, 'devices', a.devices.map((id) => ({ id })));
        put(out, 'custom_id', a.customId);
        put(out, 'verify_time', a.verifyTime);
        put(out, 'disable_time', a.disableTime);
        return out;
      },
    },
    {
      method: 'PUT',
      path: '/v2/account',
      auth: 'bearer',
      async handler(req) {
        const b = req.body();
        await accounts.updateAccount(req.session.uid, {
          username: b.string('username'),
          displayName: b.string('display_name'),
          avatarUrl: b.string('avatar_url'),
          langTag: b.string('lang_tag'),
          location: b.string('location'),
          timezone: b.string('timezone'),
        });
        return {};
      },
    },
    {
      method: 'DELETE',
      path: '/v2/account',
      auth: 'bearer',
      async handler(req) {
        await accounts.deleteAccount(req.session.uid);
        await sessions.revokeAll(req.session.uid);
        bus.revoke({ userId: req.session.uid });
        return {};
      },
    },
    link('device', 'link', (uid, b) => links.linkDevice(uid, b.string('id'))),
    link('custom', 'link', (uid, b) => links.linkCustom(uid, b.string('id'))),
    link('email', 'link', (uid, b) => links.linkEmail(uid, b.string('email'), b.string('password'))),
    link('device', 'unlink', (uid, b) => links.unlinkDevice(uid, b.string('id'))),
    link('custom', 'unlink', (uid, b) => links.unlinkCustom(uid, b.string('id'))),
    link('email', 'unlink', (uid, b) => links.unlinkEmail(uid, b.string('email'))),
  ];
  // As upstream: unlinking needs a proof naming the linked id; the last credential stays.
  for (const provider of SIGN_IN_PROVIDERS) {
    routes.push(
      {
        method: 'POST',
        path: `/v2/account/link/${provider}`,
        auth: 'bearer',
        async handler(req) {
          const b = req.body();
          // Steam's link body wraps the account: {account: {token, vars}, sync}; Facebook's sync is a query parameter.
          if (provider === 'steam') {
            await core.signIn.link(req.session.uid, provider, credentialOf(provider, b.object('account') ?? b), b.bool('sync') === true);
          } else {
            await core.signIn.link(req.session.uid, provider, credentialOf(provider, b), provider === 'facebook' && req.query.bool('sync') === true);
          }
          return {};
        },
      },
      link(provider, 'unlink', (uid, b) => core.signIn.unlink(uid, provider, credentialOf(provider, b))),
    );
  }
  return routes;
}
