// Third-party identity providers: their display names, and the refusal of one that is not configured.
// Shared by the REST routes and the `nk` facade.
import { failedPrecondition, type AppError } from '../errors.ts';

/** Third-party providers: each needs credentials of that party to check its tokens. */
export const PROVIDER_NAMES: Record<string, string> = {
  apple: 'Apple',
  facebook: 'Facebook',
  facebookinstantgame: 'Facebook Instant',
  gamecenter: 'GameCenter',
  google: 'Google',
  steam: 'Steam',
};

export function notConfigured(provider: string): AppError {
  return failedPrecondition(`${PROVIDER_NAMES[provider]} authentication is not configured.`);
}

/** Who a provider says the user is: its id for them, and their name and picture where it gives them. */
export interface Identity {
  id: string;
  displayName?: string;
  avatarUrl?: string;
}
