// The sign-in's query key: Google's authorisation address, asked afresh on every visit (its state is single-use).
export const authKeys = {
  googleAuthUrl: ['google-auth-url'] as const,
};
