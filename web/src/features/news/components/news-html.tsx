// A description rendered in full, sanitised in the browser first (the editor's preview, the news page).
import { useMemo } from 'react';
import { sanitizeNews } from '../sanitize.ts';

export function NewsHtml({ html, className = '' }: { html: string; className?: string }) {
  const safe = useMemo(() => sanitizeNews(html), [html]);
  return <div className={`news-html ${className}`} dangerouslySetInnerHTML={{ __html: safe }} />;
}
