// How people are shown: by the name they chose. Every account that signs in gets one (the part of the
// address before @, or the username chosen at registration) and may change it; a random username,
// which guests and unnamed accounts have, is never shown.

const NO_NAME = 'Участник';

export function personName(user: { display_name?: string | null } | undefined): string {
  return user?.display_name?.trim() || NO_NAME;
}

/** The person's initials for an avatar without a picture: "Алексей Смирнов" is "АС". */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return (parts.length > 1 ? parts[0][0] + parts[parts.length - 1][0] : (parts[0] ?? '?').slice(0, 2)).toUpperCase();
}
