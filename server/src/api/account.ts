// GET/PUT/DELETE /v2/account and linking or unlinking credentials.
import type { Core } from '../core/index.ts';
import { LAST_LINK } from '../core/links.ts';
import { notConfigured } from '../core/providers.ts';
import { jsonString, put, userMsg, type Msg } from '../encode.ts';
import { permissionDenied } from '../errors.ts';
import type { Route } from '../http/routes.ts';
import type { Fields } from '../input.ts';
import { unconfiguredProviders } from './authenticate.ts';

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
  const google = core.google;
  if (google) {
    routes.push(
      link('google', 'link', async (uid, b) => {
        const { sub } = await google.verifyIdToken(b.string('token') ?? '');
        await links.linkColumn(uid, 'google_id', sub, 'Google ID is already in use.');
      }),
      // As upstream: the token must name the linked Google account; the last credential stays.
      link('google', 'unlink', async (uid, b) => {
        const { sub } = await google.verifyIdToken(b.string('token') ?? '');
        const a = await accounts.getAccount(uid);
        if (a.user.google_id !== sub) throw permissionDenied(LAST_LINK);
        await links.unlinkColumn(uid, 'google_id');
      }),
    );
  }
  for (const provider of unconfiguredProviders(core)) {
    for (const kind of ['link', 'unlink'] as const) {
      routes.push(link(provider, kind, async () => {
        throw notConfigured(provider);
      }));
    }
  }
  return routes;
}
