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

export class SocketError extends Error {
  readonly code: number;
  constructor(code: number, message: string) {
    super(message);
    this.code = code;
  }
}

/** The envelope error for anything a handler throws. */
export function toSocketError(err: unknown): { code: number; message: string } | undefined {
  if (err instanceof SocketError) return { code: err.code, message: err.message };
  if (err instanceof AppError) {
    if (err.code === Code.Internal || err.code === Code.Unknown) return { code: SocketCode.RuntimeException, message: err.message };
    return { code: SocketCode.BadInput, message: err.message };
  }
  return undefined;
}
