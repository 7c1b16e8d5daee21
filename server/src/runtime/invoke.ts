// Calling a registered RPC, with its before and after hooks: one path for REST and the socket.
import { storable, unstorable } from '../core/validate.ts';
import { performance } from 'node:perf_hooks';
import { AppError, Code } from '../errors.ts';
import type { Registry } from './registry.ts';
import type { RpcContext } from './types.ts';

export type RpcOutcome =
  | { ok: true; payload: string }
  | { ok: false; notFound: true }
  | { ok: false; notFound: false; code: number; message: string; retryAfterSec?: number };

const UNSTORABLE_REFUSED: RpcOutcome = { ok: false, notFound: false, code: Code.InvalidArgument, message: unstorable('payload').message };
/** Upstream's answer when a before hook drops a request. */
const HOOK_REFUSED: RpcOutcome = { ok: false, notFound: false, code: Code.NotFound, message: 'Requested resource was not found.' };

/**
 * The outcome of a call; answered at once (no promise) when the function has no hooks and answers at once,
 * so that the REST pipeline can write the response in the same tick (the echo RPC's path).
 */
export function invokeRpc(registry: Registry, id: string, ctx: RpcContext, payload: string): RpcOutcome | Promise<RpcOutcome> {
  const metrics = registry.metrics;
  if (!metrics.on) return invoke(registry, id, ctx, payload);
  const start = performance.now();
  const known = registry.rpc(id) ? id : undefined;
  const outcome = invoke(registry, id, ctx, payload);
  if (outcome instanceof Promise) {
    return outcome.then((o) => {
      metrics.rpc(known, o.ok, start);
      return o;
    });
  }
  metrics.rpc(known, outcome.ok, start);
  return outcome;
}

function invoke(registry: Registry, id: string, ctx: RpcContext, payload: string): RpcOutcome | Promise<RpcOutcome> {
  const fn = registry.rpc(id);
  if (!fn) return { ok: false, notFound: true };
  // Read raw from the REST body (the socket's reader refuses it already): no module can store U+0000 or a
  // lone surrogate.
  if (!storable(payload)) return UNSTORABLE_REFUSED;
  const hooks = registry.rpcHooks(id);
  if (hooks?.before || hooks?.after) return withHooks(registry, id, fn, hooks, ctx, payload);
  let answer: unknown;
  try {
    answer = fn(ctx, payload);
  } catch (err) {
    return failed(registry, id, err);
  }
  if (answer instanceof Promise) return answer.then(succeeded, (err: unknown) => failed(registry, id, err));
  return succeeded(answer);
}

const succeeded = (result: unknown): RpcOutcome => ({ ok: true, payload: typeof result === 'string' ? result : '' });

function failed(registry: Registry, id: string, err: unknown): RpcOutcome {
  if (err instanceof AppError) return { ok: false, notFound: false, code: err.code, message: err.message, retryAfterSec: err.retryAfterSec };
  registry.logger.error('rpc failed', { id, err });
  return { ok: false, notFound: false, code: Code.Internal, message: 'Internal error' };
}

type RpcFn = NonNullable<ReturnType<Registry['rpc']>>;
type RpcHooks = NonNullable<ReturnType<Registry['rpcHooks']>>;

async function withHooks(registry: Registry, id: string, fn: RpcFn, hooks: RpcHooks, ctx: RpcContext, payload: string): Promise<RpcOutcome> {
  try {
    if (hooks.before) {
      const changed = await hooks.before(ctx, payload);
      if (changed === null || changed === undefined) return HOOK_REFUSED;
      if (typeof changed !== 'string') throw new Error(`The before hook of RPC "${id}" returned a ${typeof changed}, not a string.`);
      if (!storable(changed)) return UNSTORABLE_REFUSED;
      payload = changed;
    }
    const answer = fn(ctx, payload);
    const result = answer instanceof Promise ? await answer : answer;
    const out = typeof result === 'string' ? result : '';
    if (hooks.after) {
      try {
        await hooks.after(ctx, out, payload);
      } catch (err) {
        registry.logger.error('rpc after hook failed', { id, err });
      }
    }
    return { ok: true, payload: out };
  } catch (err) {
    return failed(registry, id, err);
  }
}
