// Small building blocks every page uses: buttons, fields, states, progress.
import { useEffect, useState, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { formatNumber } from '../i18n/number.ts';

export function Button({ variant = 'primary', className = '', ...rest }: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: 'primary' | 'secondary' | 'ghost' | 'danger' }) {
  return <button type="button" className={`btn btn-${variant} ${className}`} {...rest} />;
}

/** A filter or tab of a group: filled while it is the chosen one, and says so (aria-pressed). */
export function ToggleButton({ pressed, ...rest }: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-pressed'> & { pressed: boolean }) {
  return <Button variant={pressed ? 'primary' : 'ghost'} aria-pressed={pressed} {...rest} />;
}

export { Field, SelectField, TextAreaField, TextControl } from './fields.tsx';

/** A spinner that appears only after a short delay, so fast loads do not flicker. */
export function Spinner({ label = 'Загрузка…', delayMs = 250 }: { label?: string; delayMs?: number }) {
  const [shown, setShown] = useState(delayMs === 0);
  useEffect(() => {
    const t = setTimeout(() => setShown(true), delayMs);
    return () => clearTimeout(t);
  }, [delayMs]);
  if (!shown) return null;
  return (
    <div className="spinner" role="status" aria-live="polite">
      <span className="spinner-dot" aria-hidden="true" />
      {label}
    </div>
  );
}

/** The place of a list while it loads (about one row of it), so nothing below moves when the list comes. */
/** A block's place while it loads: `className` gives it the height of what will come (else `height`). */
export function LoadingBlock({ height = 72, className }: { height?: number; className?: string }) {
  return <div className={className ? `loading-block ${className}` : 'loading-block'} aria-busy="true" style={className ? undefined : { minHeight: height }} />;
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="empty-state">{children}</p>;
}

/** A failure with its retry; `className` replaces the page look (the chat widget centres it in its panel). */
export function ErrorState({ children, onRetry, className = 'error-state' }: { children: ReactNode; onRetry?: () => void; className?: string }) {
  return (
    <div className={className} role="alert">
      <p>{children}</p>
      {onRetry && (
        <Button variant="secondary" onClick={onRetry}>
          Повторить
        </Button>
      )}
    </div>
  );
}

export function Notice({ kind, children }: { kind: 'success' | 'error' | 'info'; children: ReactNode }) {
  return (
    <p className={`notice notice-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}

export function Progress({ value, label }: { value: number; label: string }) {
  return (
    <div className="progress">
      <progress max={1} value={value} aria-label={label} />
      <span>{Math.round(value * 100)}%</span>
    </div>
  );
}

/** "Load more" of a paged query: shown while a next page exists, disabled while it loads. */
export function LoadMore({
  query,
  variant = 'secondary',
  children,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage(): unknown };
  variant?: 'secondary' | 'ghost';
  children: ReactNode;
}) {
  if (!query.hasNextPage) return null;
  return (
    <Button variant={variant} disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
      {children}
    </Button>
  );
}

/** The browser's title: the given parts, most specific first, then the site's name. */
export function useTitle(...parts: (string | undefined | false)[]) {
  const title = [...parts.filter(Boolean), 'Трибуна'].join(' — ');
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/** The page's heading, also its browser title (`title` when the heading is not plain text). */
export function PageTitle({ children, title }: { children: ReactNode; title?: string }) {
  useTitle(title ?? (typeof children === 'string' ? children : undefined));
  return <h1 className="page-title">{children}</h1>;
}

/** 1 to 5 stars; read-only unless onRate is given. */
export function Stars({ value, onRate, label = 'Рейтинг' }: { value: number; onRate?: (n: number) => void; label?: string }) {
  return (
    <span className="stars" role={onRate ? 'radiogroup' : 'img'} aria-label={`${label}: ${formatNumber(value)} из 5`}>
      {[1, 2, 3, 4, 5].map((n) =>
        onRate ? (
          <button key={n} type="button" role="radio" aria-checked={Math.round(value) === n} aria-label={`${n}`} className={n <= Math.round(value) ? 'star on' : 'star'} onClick={() => onRate(n)}>
            ★
          </button>
        ) : (
          <span key={n} className={n <= Math.round(value) ? 'star on' : 'star'} aria-hidden="true">
            ★
          </span>
        ),
      )}
    </span>
  );
}
