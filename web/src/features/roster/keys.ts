// The roster's own query keys: a team's invitations, its lowest free number, and the user search.
export const rosterKeys = {
  invitations: (teamId: string) => ['team-invitations', teamId] as const,
  freeNumber: (teamId: string) => ['team-free-number', teamId] as const,
  userSearch: (query: string) => ['search-users', query] as const,
};
