// What the web asks to know whether to show the administrators' pages (/admin).
import { z } from 'zod';
import { rpc } from '../lib/rpc.ts';
import { isSiteAdmin } from './access.ts';

export const adminRpcs = [
  // Any session (a guest is never an administrator).
  rpc('get_admin_state', 'session', z.object({}), async ({ userId, nk }) => ({ is_admin: await isSiteAdmin(nk, userId) })),
];
