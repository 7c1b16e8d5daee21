// Every failure of a backend call as one error type: HTTP status, gRPC code and the server's message.

export class ApiError extends Error {
  readonly status: number;
  readonly code: number;
  constructor(status: number, code: number, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

/** The client throws the raw fetch Response, a timeout string, or a network TypeError. */
async function toApiError(e: unknown): Promise<ApiError> {
  if (e instanceof ApiError) return e;
  if (e instanceof Response) {
    let code = 2;
    let message = e.statusText || `HTTP ${e.status}`;
    try {
      const body = await e.json();
      if (typeof body?.code === 'number') code = body.code;
      if (typeof body?.message === 'string' && body.message) message = body.message;
    } catch {
      // Not JSON: keep the status text.
    }
    return new ApiError(e.status, code, message);
  }
  if (typeof e === 'string') return new ApiError(0, 4, e);
  if (e && typeof e === 'object' && 'code' in e && 'message' in e) {
    // A socket error envelope.
    return new ApiError(0, Number((e as { code: unknown }).code), String((e as { message: unknown }).message));
  }
  return new ApiError(0, 14, e instanceof Error ? e.message : 'Network request failed');
}

export async function call<T>(p: Promise<T>): Promise<T> {
  try {
    return await p;
  } catch (e) {
    throw await toApiError(e);
  }
}
