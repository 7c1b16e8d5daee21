// Socket error envelopes: rtapi Error codes.
import { AppError, Code } from '../errors.ts';

export const SocketCode = {
  RuntimeException: 0,
  UnrecognizedPayload: 1,
  MissingPayload: 2,
  BadInput: 3,
  MatchNotFound: 4,
  MatchJoinRejected: 5,
  RuntimeFunctionNotFound: 6,
  RuntimeFunctionException: 7,
} as const;

/** An error envelope: rtapi Error {code, message, context}. */
export interface SocketErrorBody {
  code: number;
  message: string;
  context?: Record<string, string>;
}

export class SocketError extends Error {
  readonly code: number;
  readonly context: Record<string, string> | undefined;
  constructor(code: number, message: string, context?: Record<string, string>) {
    super(message);
    this.code = code;
    this.context = context;
  }
}

/**
 * The envelope context of a refusal by a limit, the socket's Retry-After: the gRPC code REST would answer
 * with (8, ResourceExhausted) and the seconds to wait. Nothing for other refusals.
 */
export function limitContext(code: number, retryAfterSec: number | undefined): Record<string, string> | undefined {
  return retryAfterSec === undefined ? undefined : { grpc_code: String(code), retry_after: String(retryAfterSec) };
}

function body(code: number, message: string, context: Record<string, string> | undefined): SocketErrorBody {
  return context ? { code, message, context } : { code, message };
}

/** The envelope error for anything a handler throws. */
export function toSocketError(err: unknown): SocketErrorBody | undefined {
  if (err instanceof SocketError) return body(err.code, err.message, err.context);
  if (err instanceof AppError) {
    if (err.code === Code.Internal || err.code === Code.Unknown) return { code: SocketCode.RuntimeException, message: err.message };
    return body(SocketCode.BadInput, err.message, limitContext(err.code, err.retryAfterSec));
  }
  return undefined;
}
