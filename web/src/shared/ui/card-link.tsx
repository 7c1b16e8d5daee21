// A card that is one link as a whole: a picture, a title and a line or two about it (players, teams).
import type { ReactNode } from 'react';
import { srcSetOf } from '../../lib/nakama/file-url.ts';
import { Link } from '../../lib/router/index.tsx';
import './card-link.css';

interface Props {
  to: string;
  image: string;
  title: string;
  /** A round picture (people) or a rounded square (teams). */
  round?: boolean;
  children?: ReactNode;
}

export function CardLink({ to, image, title, round = false, children }: Props) {
  return (
    <Link to={to} className="card-link">
      <img className={round ? 'card-link-image round' : 'card-link-image'} src={image} srcSet={srcSetOf(image)} sizes="56px" alt="" width={56} height={56} loading="lazy" />
      <span className="card-link-body">
        <span className="card-link-title">{title}</span>
        {children}
      </span>
    </Link>
  );
}

/** A grid of cards that fills the width: several columns on a wide screen, one on a phone. */
export function CardGrid({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <ul className="card-grid" aria-label={label}>
      {children}
    </ul>
  );
}
