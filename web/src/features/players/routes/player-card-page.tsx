// /player/card: a demo card with a photo, a name and a 1-5 star rating, using defaults.
import { useState } from 'react';
import { PageTitle, Stars } from '../../../shared/ui/index.tsx';
import { playerMessages as m } from '../messages.ts';

export const DEFAULT_CARD = { name: m.cardName, position: m.cardPosition, rating: 4, photo: '/images/default-avatar.svg' };

export function Component() {
  const [rating, setRating] = useState(DEFAULT_CARD.rating);
  return (
    <section className="page narrow">
      <PageTitle>{m.cardTitle}</PageTitle>
      <article className="player-card">
        <img src={DEFAULT_CARD.photo} alt={DEFAULT_CARD.name} width={160} height={160} />
        <h2>{DEFAULT_CARD.name}</h2>
        <p className="muted">{DEFAULT_CARD.position}</p>
        <Stars value={rating} onRate={setRating} label={m.rating} />
      </article>
    </section>
  );
}
