// Up/down buttons for reordering. At an edge they stay focusable (aria-disabled) so keyboard focus
// is not lost when an item reaches the top or the bottom.
import type { ReactNode } from 'react';

export function MoveButton({ label, disabled, onClick, children }: { label: string; disabled: boolean; onClick(): void; children: ReactNode }) {
  return (
    <button
      type="button"
      className="btn btn-ghost move-button"
      aria-label={label}
      aria-disabled={disabled || undefined}
      onClick={() => {
        if (!disabled) onClick();
      }}
    >
      <span aria-hidden="true">{children}</span>
    </button>
  );
}
