// A modal dialog: focus moves in and stays in, Escape or the backdrop closes it, focus returns on close.
import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import './dialog.css';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';

interface Props {
  title: ReactNode;
  onClose(): void;
  children: ReactNode;
  className?: string;
  /** Where focus goes on close; by default the element focused when the dialog opened. */
  returnFocus?(): HTMLElement | null | undefined;
  /** Arrow keys and the like, handled while the dialog is open. */
  onKeyDown?(e: KeyboardEvent): void;
  closeLabel?: string;
}

/** Render it only while open: mounting opens it, unmounting closes it. */
export function Dialog({ title, onClose, children, className = '', returnFocus, onKeyDown, closeLabel = 'Закрыть' }: Props) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  // The latest callbacks, without re-running the open/close effect.
  const latest = useRef({ onClose, returnFocus, onKeyDown });
  useLayoutEffect(() => {
    latest.current = { onClose, returnFocus, onKeyDown };
  });

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const node = ref.current;
    const first = node?.querySelector<HTMLElement>('[data-autofocus]') ?? node?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? node)?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';

    function keydown(e: KeyboardEvent) {
      if (e.key === 'Escape') {
        e.preventDefault();
        latest.current.onClose();
        return;
      }
      if (e.key === 'Tab' && node) {
        const items = [...node.querySelectorAll<HTMLElement>(FOCUSABLE)];
        if (!items.length) {
          e.preventDefault();
          return;
        }
        const firstItem = items[0];
        const lastItem = items[items.length - 1];
        if (e.shiftKey && (document.activeElement === firstItem || !node.contains(document.activeElement))) {
          e.preventDefault();
          lastItem.focus();
        } else if (!e.shiftKey && (document.activeElement === lastItem || !node.contains(document.activeElement))) {
          e.preventDefault();
          firstItem.focus();
        }
        return;
      }
      latest.current.onKeyDown?.(e);
    }
    document.addEventListener('keydown', keydown);
    return () => {
      document.removeEventListener('keydown', keydown);
      document.body.style.overflow = overflow;
      const target = latest.current.returnFocus?.() ?? opener;
      if (target?.isConnected) target.focus();
    };
  }, []);

  return createPortal(
    <div
      className="dialog-backdrop"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div ref={ref} className={`dialog ${className}`} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <div className="dialog-head">
          <h2 id={titleId} className="dialog-title">
            {title}
          </h2>
          <button type="button" className="dialog-close" aria-label={closeLabel} onClick={onClose}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <div className="dialog-body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
