// A news item's title, text (the editor beside its live preview) and visibility, for creating and for
// editing. The title is checked as the server does: 5 to 120 characters after trimming.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { TEXT_LIMITS } from '@tribuna/portal/text-limits';
import { Field } from '../../../shared/ui/index.tsx';
import { newsMessages as m } from '../messages.ts';
import type { NewsDraft } from '../use-news-draft.ts';
import { NewsEditor } from './news-editor.tsx';
import { NewsHtml } from './news-html.tsx';

const TITLE_MIN = 5;
const TITLE_MAX = TEXT_LIMITS.newsTitle;

function titleError(title: string): string | undefined {
  const length = [...title.trim()].length;
  if (!length) return m.titleRequired;
  if (length < TITLE_MIN) return m.titleTooShort;
  if (length > TITLE_MAX) return m.titleTooLong;
  return undefined;
}

interface Props {
  initial: NewsDraft;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** Published or saved: the form stays as it is, locked. */
  done?: boolean;
  /** What happened, above the actions: the success or the refusal. */
  status?: ReactNode;
  onChange?(values: NewsDraft): void;
  onSubmit(values: NewsDraft): void;
  actions?: ReactNode;
}

export function NewsForm({ initial, submitLabel, pendingLabel, pending, done = false, status, onChange, onSubmit, actions }: Props) {
  const [values, setValues] = useState(initial);
  const [error, setError] = useState<string>();
  const bodyLabel = useId();
  const locked = pending || done;

  const change = (patch: Partial<NewsDraft>) => {
    const next = { ...values, ...patch };
    setValues(next);
    onChange?.(next);
    if (error && 'title' in patch) setError(titleError(next.title));
  };

  function submit(e: FormEvent) {
    e.preventDefault();
    const found = titleError(values.title);
    setError(found);
    if (!found) onSubmit({ ...values, title: values.title.trim() });
  }

  return (
    <form className="news-form" onSubmit={submit} noValidate>
      <Field
        label={m.title}
        name="name"
        required
        limit={TITLE_MAX}
        hint={m.titleHint}
        error={error}
        disabled={locked}
        value={values.title}
        onChange={(e) => change({ title: e.target.value })}
      />
      <div className="news-form-body">
        <div className="field">
          <span className="field-label" id={bodyLabel}>{m.body}</span>
          <NewsEditor labelledBy={bodyLabel} initialHtml={initial.html} disabled={locked} onChange={(html) => change({ html })} />
        </div>
        <section className="news-preview" aria-labelledby={`${bodyLabel}-preview`}>
          <h2 className="field-label" id={`${bodyLabel}-preview`}>{m.preview}</h2>
          <div className="news-preview-box">
            {values.title.trim() && <p className="news-preview-title">{values.title.trim()}</p>}
            {values.html ? <NewsHtml html={values.html} /> : <p className="muted">{m.previewEmpty}</p>}
          </div>
        </section>
      </div>
      <label className="checkbox">
        <input type="checkbox" name="is_public" checked={values.is_public} disabled={locked} onChange={(e) => change({ is_public: e.target.checked })} />
        <span>
          {m.isPublic}
          <small className="field-hint news-checkbox-hint">{m.isPublicHint}</small>
        </span>
      </label>
      {status}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={locked}>{pending ? pendingLabel : submitLabel}</button>
        {actions}
      </div>
    </form>
  );
}
