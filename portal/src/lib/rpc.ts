// How a portal RPC is declared: its id, who may call it, its input schema and its handler.
// Input is validated before the handler runs; bad input is an InvalidArgument naming the field.
import { z } from 'zod';
import { invalid, permissionDenied, unauthenticated, type Initializer, type Logger, type Nk, type RpcContext } from '@tribuna/server';

z.config(z.locales.ru());

/**
 * Who may call an RPC:
 * - public: anyone, a guest session or a server-to-server call with the HTTP key;
 * - session: any signed-in session, guests included (the caller's user id is known);
 * - registered: a signed-in, non-guest user (e-mail, password or Google account).
 * Finer rules (creator, team owner or admin) are checked by the handler.
 */
export type Access = 'public' | 'session' | 'registered';

export interface Call<I> {
  input: I;
  ctx: RpcContext;
  /** The caller; '' for public calls made with the HTTP key. */
  userId: string;
  nk: Nk;
  logger: Logger;
}

export interface RpcDef {
  id: string;
  access: Access;
  run(ctx: RpcContext, payload: string, nk: Nk, logger: Logger): Promise<string>;
}

export function rpc<S extends z.ZodType, R>(
  id: string,
  access: Access,
  input: S,
  handler: (call: Call<z.infer<S>>) => Promise<R>,
): RpcDef {
  return {
    id,
    access,
    async run(ctx, payload, nk, logger) {
      const userId = await authorize(access, ctx, nk);
      const parsed = input.safeParse(parsePayload(payload));
      if (!parsed.success) throw invalid(describe(parsed.error));
      const result = await handler({ input: parsed.data, ctx, userId, nk, logger });
      return result === undefined ? '' : JSON.stringify(result);
    },
  };
}

async function authorize(access: Access, ctx: RpcContext, nk: Nk): Promise<string> {
  if (access === 'public') return ctx.userId ?? '';
  if (!ctx.userId) throw unauthenticated('Требуется вход в систему.');
  if (access === 'registered') {
    const kind = await nk.accountKind(ctx.userId);
    if (kind === undefined) throw unauthenticated('Учётная запись не найдена.');
    if (kind !== 'registered') throw permissionDenied('Войдите или зарегистрируйтесь, чтобы выполнить это действие.');
  }
  return ctx.userId;
}

function parsePayload(payload: string): unknown {
  if (payload.trim() === '') return {};
  try {
    return JSON.parse(payload);
  } catch {
    throw invalid('Тело запроса должно быть JSON-объектом.');
  }
}

function describe(error: z.ZodError): string {
  const issue = error.issues[0];
  const path = issue.path.join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}

export function registerAll(initializer: Initializer, nk: Nk, logger: Logger, defs: RpcDef[]): void {
  for (const d of defs) initializer.registerRpc(d.id, (ctx, payload) => d.run(ctx, payload, nk, logger));
}

// Schema pieces shared by many RPCs.
export const uuid = z.uuid({ error: 'Ожидался идентификатор (UUID).' });
export const cursor = z.string().max(512).optional();
export const limit = (fallback: number, max = 100) => z.number().int().min(1).max(max).default(fallback);
/** Trimmed text of at most max characters; empty allowed unless min says otherwise. */
export const text = (max: number, min = 0) => z.string().trim().min(min).max(max);
