// The longest text each field of the portal takes, one place for the RPC schemas and the web app's
// fields (`@tribuna/portal/text-limits`: plain numbers, nothing else of the portal reaches the bundle).
//
// Counted in characters as the server counts them: Unicode code points, after trimming. zod 4's
// string min() and max() count code points (an emoji outside the BMP is one character, not two UTF-16
// units), and so do the game server's own checks of display names and locations; PostgreSQL's length()
// agrees. The few limits in bytes of UTF-8 are the game server's (usernames, passwords) and say so.

export const TEXT_LIMITS = {
  teamName: 100,
  teamDescription: 2000,
  playerName: 100,
  /** A title of a team's photo or video section, or of a video. */
  mediaTitle: 200,
  /** A description of a photo, a video or a section. */
  mediaDescription: 2000,
  /** A link to a video to embed (team videos and broadcasts). */
  embedUrl: 2000,
  videoTag: 50,
  videoTags: 20,
  videoSearch: 200,
  newsTitle: 120,
  /** The alternative text of a picture in a news item (kept in its HTML; the web's own rule). */
  newsImageAlt: 200,
  eventTitle: 200,
  eventPlace: 200,
  eventDescription: 2000,
  /** A member's comment on their answer to an event or a match («Опоздаю на 10 минут»). */
  attendanceComment: 200,
  tournamentTitle: 200,
  tournamentDescription: 5000,
  streamTitle: 120,
  streamDescription: 5000,
  streamTag: 50,
  streamTags: 20,
  formationName: 100,
  chatName: 100,
  chatMessage: 4000,
  /** A search of people by name (search_users). */
  userSearch: 100,
  /** The game server's display name and location of an account. */
  displayName: 255,
  location: 255,
  email: 254,
} as const;

/** Limits of the game server counted in bytes of UTF-8 (a Latin letter is one, a Cyrillic one two). */
export const BYTE_LIMITS = {
  username: 128,
  password: 1024,
} as const;

/**
 * What a box of comma-separated tags may hold: every tag at its longest with ", " between them, so the
 * box never cuts a list the server takes (the server refuses the list itself when it is too long).
 */
export const tagsBoxLimit = (tags: number, tag: number) => tags * tag + (tags - 1) * 2;
