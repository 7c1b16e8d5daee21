// A player as a card (the players list, the profile's own players): the photo, the full name, goals and
// matches; the whole card links to the player's page.
import { fileUrl } from '../../lib/nakama/file-url.ts';
import { fullName, playerStats, type Player } from '../api/players.ts';
import { CardLink } from './card-link.tsx';

/** The picture of a person without a photo of their own. */
const DEFAULT_AVATAR = '/images/default-avatar.svg';

/** A player's photo, or the default picture. */
export const playerPhoto = (avatarId: string | undefined | null) => (avatarId ? fileUrl(avatarId) : DEFAULT_AVATAR);

export function PlayerCard({ player }: { player: Player }) {
  return (
    <CardLink to={`/players/${player.id}`} round title={fullName(player)} image={playerPhoto(player.avatar_id)}>
      <span className="card-link-meta">{playerStats(player)}</span>
    </CardLink>
  );
}
