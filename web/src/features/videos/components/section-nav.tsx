// The video sections as toggle buttons; managers also move them up and down.
import type { VideoSection } from '@tribuna/portal/types';
import { moveId } from '../api/order.ts';
import { videoMessages as m } from '../messages.ts';
import { MoveButton } from './move-button.tsx';

interface Props {
  sections: readonly VideoSection[];
  selectedId?: string;
  onSelect(id: string): void;
  canManage: boolean;
  onReorder(ids: string[]): void;
}

export function SectionNav({ sections, selectedId, onSelect, canManage, onReorder }: Props) {
  const ids = sections.map((s) => s.id);
  return (
    <ul className="media-sections">
      {sections.map((s, i) => (
        <li key={s.id} className="media-section-item">
          <button type="button" className={s.delete_time ? 'media-section deleted' : 'media-section'} aria-pressed={s.id === selectedId} onClick={() => onSelect(s.id)}>
            <span className="media-section-name" title={s.title}>{s.title}</span>
            {s.delete_time && <span className="video-badge">{m.deletedBadge}</span>}
          </button>
          {canManage && sections.length > 1 && (
            <span className="media-section-move">
              <MoveButton label={m.sectionUp(s.title)} disabled={i === 0} onClick={() => onReorder(moveId(ids, i, -1) ?? ids)}>{m.moveUp}</MoveButton>
              <MoveButton label={m.sectionDown(s.title)} disabled={i === sections.length - 1} onClick={() => onReorder(moveId(ids, i, 1) ?? ids)}>{m.moveDown}</MoveButton>
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
