// What a failed call tells the user: the server's own (Russian) message for refused input or access,
// a fixed text otherwise (server and network failures carry English or internal messages).
import { ApiError } from '../../lib/nakama/errors.ts';

export function apiErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message) return error.message;
  return fallback;
}
