// Errors carry a gRPC status code; transports map it to HTTP statuses or socket error envelopes.

export const Code = {
  OK: 0,
  Canceled: 1,
  Unknown: 2,
  InvalidArgument: 3,
  DeadlineExceeded: 4,
  NotFound: 5,
  AlreadyExists: 6,
  PermissionDenied: 7,
  ResourceExhausted: 8,
  FailedPrecondition: 9,
  Aborted: 10,
  OutOfRange: 11,
  Unimplemented: 12,
  Internal: 13,
  Unavailable: 14,
  DataLoss: 15,
  Unauthenticated: 16,
} as const;
export type Code = (typeof Code)[keyof typeof Code];

export class AppError extends Error {
  readonly code: Code;
  /** For a refusal by a limit: seconds until the caller may try again (REST's Retry-After, the socket's retry_after). */
  readonly retryAfterSec: number | undefined;
  constructor(code: Code, message: string, retryAfterSec?: number) {
    super(message);
    this.code = code;
    this.name = 'AppError';
    this.retryAfterSec = retryAfterSec;
  }
}

export const invalid = (message: string) => new AppError(Code.InvalidArgument, message);
export const notFound = (message: string) => new AppError(Code.NotFound, message);
export const alreadyExists = (message: string) => new AppError(Code.AlreadyExists, message);
export const permissionDenied = (message: string) => new AppError(Code.PermissionDenied, message);
export const unauthenticated = (message: string) => new AppError(Code.Unauthenticated, message);
export const failedPrecondition = (message: string) => new AppError(Code.FailedPrecondition, message);
/** A limit was reached; with retryAfterSec, the caller may try again after that many seconds. */
export const resourceExhausted = (message: string, retryAfterSec?: number) => new AppError(Code.ResourceExhausted, message, retryAfterSec);
export const internal = (message = 'Internal error') => new AppError(Code.Internal, message);

/** grpc-gateway's HTTPStatusFromCode. */
const httpStatusByCode: Record<number, number> = {
  0: 200, 1: 499, 2: 500, 3: 400, 4: 504, 5: 404, 6: 409, 7: 403,
  8: 429, 9: 400, 10: 409, 11: 400, 12: 501, 13: 500, 14: 503, 15: 500, 16: 401,
};
export function httpStatus(code: number): number {
  return httpStatusByCode[code] ?? 500;
}

/** PostgreSQL unique_violation, optionally on a named constraint or index. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: string; constraint?: string; message?: string } | null;
  if (!e || e.code !== '23505') return false;
  if (!constraint) return true;
  return e.constraint === constraint || (e.message ?? '').includes(`"${constraint}"`);
}
