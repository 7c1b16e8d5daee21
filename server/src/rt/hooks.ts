// Runtime modules' before and after hooks around socket message handlers, as upstream's pipeline runs
// them: a before hook may change the message or refuse it; an after hook sees the reply once it is sent.
import { AppError } from '../errors.ts';
import { Fields } from '../input.ts';
import type { Logger } from '../log.ts';
import type { Registry } from '../runtime/registry.ts';
import type { RtAfterHook, RtBeforeHook, RtContext, RtMessage } from '../runtime/types.ts';
import { limitContext, SocketCode, SocketError } from './errors.ts';
import type { SocketHandler, SocketHandlers } from './handlers.ts';
import type { SocketSession } from './session.ts';

/** Upstream's answer when a before hook drops a message. */
const REFUSED = 'Requested resource was not found.';

/** What every call made on a socket session knows of it: hooks add their mode, RPCs their own fields. */
export function sessionContext(s: SocketSession, env: Readonly<Record<string, string>>) {
  return {
    userId: s.userId,
    username: s.username,
    vars: s.vars,
    userSessionExp: s.claims.exp,
    sessionId: s.id,
    clientIp: s.clientIp,
    lang: s.lang,
    env,
  };
}

function context(s: SocketSession, env: Readonly<Record<string, string>>, executionMode: RtContext['executionMode']): RtContext {
  return { ...sessionContext(s, env), executionMode };
}

function asMessage(v: unknown): RtMessage {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as RtMessage) : {};
}

/**
 * Every handler, looking up its hooks at each call (modules register them after the handlers are made).
 * A message without hooks goes straight to its handler.
 */
export function withRtHooks(handlers: SocketHandlers, registry: Registry, logger: Logger): SocketHandlers {
  const out: SocketHandlers = {};
  for (const [name, handler] of Object.entries(handlers)) {
    out[name] = (s, body, message) => {
      const hooks = registry.rtHooks(name);
      if (!hooks) return handler(s, body, message);
      return hooked(name, handler, hooks, logger, registry.env, s, body, message);
    };
  }
  return out;
}

async function hooked(
  name: string,
  handler: SocketHandler,
  hooks: { before?: RtBeforeHook; after?: RtAfterHook },
  logger: Logger,
  env: Readonly<Record<string, string>>,
  s: SocketSession,
  body: Fields,
  message: unknown,
) {
  let input = asMessage(message);
  if (hooks.before) {
    let changed: RtMessage | null | undefined | void;
    try {
      changed = await hooks.before(context(s, env, 'before'), input);
    } catch (err) {
      if (!(err instanceof AppError)) {
        logger.error('socket before hook failed', { message: name, err });
        throw new SocketError(SocketCode.RuntimeFunctionException, 'Internal error');
      }
      throw new SocketError(SocketCode.RuntimeFunctionException, err.message, limitContext(err.code, err.retryAfterSec));
    }
    if (changed === null || changed === undefined) throw new SocketError(SocketCode.RuntimeFunctionException, REFUSED);
    input = changed;
    body = new Fields(changed);
  }
  const out = await handler(s, body, input);
  const after = hooks.after;
  if (after) {
    // Queued on the socket's message queue: it runs once this message's reply is sent, in turn with its other messages.
    const output = out ?? null;
    s.queue = s.queue.then(async () => {
      try {
        await after(context(s, env, 'after'), output, input);
      } catch (err) {
        logger.error('socket after hook failed', { message: name, err });
      }
    });
  }
  return out;
}
