// Calling a registered RPC: one path for REST and the socket.
import type { Core } from '../core/index.ts';
import { AppError, Code } from '../errors.ts';
import type { RpcContext } from './types.ts';

export type RpcOutcome =
  | { ok: true; payload: string }
  | { ok: false; notFound: true }
  | { ok: false; notFound: false; code: number; message: string };

export async function invokeRpc(core: Core, id: string, ctx: RpcContext, payload: string): Promise<RpcOutcome> {
  const fn = core.registry.rpc(id);
  if (!fn) return { ok: false, notFound: true };
  // Read raw from the REST body (the socket's reader refuses it already): no module can store U+0000.
  if (payload.includes('\0')) return { ok: false, notFound: false, code: Code.InvalidArgument, message: 'payload must not contain NUL characters.' };
  try {
    // A function that answers at once is not awaited: one promise hop less on the hot path.
    const answer = fn(ctx, payload);
    const result = answer instanceof Promise ? await answer : answer;
    return { ok: true, payload: typeof result === 'string' ? result : '' };
  } catch (err) {
    if (err instanceof AppError) return { ok: false, notFound: false, code: err.code, message: err.message };
    core.logger.error('rpc failed', { id, err });
    return { ok: false, notFound: false, code: Code.Internal, message: 'Internal error' };
  }
}
