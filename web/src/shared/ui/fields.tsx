// Form fields: a labelled control with its hint or error. Every text input and text area of the app is
// a TextControl, which knows its limit (`@tribuna/portal/text-limits`, counted as the server counts it),
// shows a counter («37 / 120») and says so, aloud too, when what was typed or pasted was cut to fit.
import { useId, useState, type ChangeEvent, type Ref, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { formatNumber, plural } from '../i18n/number.ts';
import { fitEdit, limitMax, measure, type TextLimit } from '../lib/text-length.ts';
import { fieldMessages as m } from '../i18n/fields.ts';

/** Whether the counter is always shown, or only once the text nears its limit (search boxes, the chat composer). */
type CounterMode = 'always' | 'near';
/** From this share of the limit a 'near' counter shows. */
const NEAR = 0.8;

interface LimitProps {
  /** The most the server takes: characters (code points) or `{bytes}`. */
  limit?: TextLimit;
  counter?: CounterMode;
  /** Shown at the start of the counter's line (a field's hint or error). */
  note?: ReactNode;
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'maxLength'> & LimitProps & { multiline?: false; ref?: Ref<HTMLInputElement> };
type AreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'maxLength'> & LimitProps & { multiline: true; ref?: Ref<HTMLTextAreaElement> };

const unitForms = (limit: TextLimit) => (typeof limit === 'number' ? m.characters : m.bytes);

/**
 * A text input (or, multiline, a text area) that never holds more than its limit. The browser's own
 * maxlength counts UTF-16 units, so it is set only as a bound that never cuts what the server takes
 * (twice the characters: no code point is longer); the exact cut is made here, on every change.
 */
export function TextControl(props: InputProps | AreaProps) {
  const { limit, counter = 'always', note, multiline, onChange, ...rest } = props;
  const ownId = useId();
  const [notice, setNotice] = useState<{ text: string; seq: number } | null>(null);
  const value = typeof rest.value === 'string' ? rest.value : '';
  const max = limit === undefined ? 0 : limitMax(limit);
  const used = limit === undefined ? 0 : measure(value, limit);
  const limitId = `${rest.id ?? ownId}-limit`;

  function change(e: ChangeEvent<HTMLInputElement & HTMLTextAreaElement>) {
    if (limit !== undefined && !(e.nativeEvent as InputEvent).isComposing) {
      const el = e.target;
      const fitted = fitEdit(value, el.value, limit);
      if (fitted.cut) {
        el.value = fitted.value;
        try {
          el.setSelectionRange(fitted.caret, fitted.caret);
        } catch {
          // e-mail inputs have no selection; the caret stays where the browser left it.
        }
        setNotice((n) => ({ text: m.cut(max, unitForms(limit)), seq: (n?.seq ?? 0) + 1 }));
      } else if (notice && measure(fitted.value, limit) < max) {
        setNotice(null);
      }
    }
    (onChange as ((e: ChangeEvent<HTMLInputElement & HTMLTextAreaElement>) => void) | undefined)?.(e);
  }

  const describedBy = [rest['aria-describedby'], limit !== undefined ? limitId : undefined].filter(Boolean).join(' ') || undefined;
  const nativeMax = limit === undefined ? undefined : typeof limit === 'number' ? limit * 2 : limit.bytes;
  const control = multiline ? (
    <textarea {...(rest as TextareaHTMLAttributes<HTMLTextAreaElement>)} maxLength={nativeMax} aria-describedby={describedBy} onChange={change} />
  ) : (
    <input {...(rest as InputHTMLAttributes<HTMLInputElement>)} maxLength={nativeMax} aria-describedby={describedBy} onChange={change} />
  );
  if (limit === undefined) return note ? <>{control}{note}</> : control;
  const showCount = counter === 'always' || used >= max * NEAR;
  const forms = unitForms(limit);
  return (
    <>
      {control}
      <span className="text-meta">
        <span className="text-meta-note">
          {note}
          <span className="text-cut" role="status" aria-live="polite">
            {notice && <span key={notice.seq}>{notice.text}</span>}
          </span>
        </span>
        <span id={limitId} className="visually-hidden">{m.limit(max, forms)}</span>
        {showCount && (
          <span className={used >= max ? 'text-count full' : 'text-count'} aria-hidden="true">
            {formatNumber(used)} / {formatNumber(max)}{typeof limit === 'number' ? '' : ` ${plural(max, forms)}`}
          </span>
        )}
      </span>
    </>
  );
}

interface FieldFrame {
  label: string;
  error?: string;
  hint?: string;
  /** Spans both columns of a .form-grid. */
  wide?: boolean;
}

/** A labelled control with its hint or error, the same for inputs, text areas and selects. */
function FieldFrame({ label, wide, fieldId, children }: Omit<FieldFrame, 'hint' | 'error'> & { fieldId: string; children: ReactNode }) {
  return (
    <div className={wide ? 'field span-2' : 'field'}>
      <label htmlFor={fieldId}>{label}</label>
      {children}
    </div>
  );
}

function FieldNote({ fieldId, error, hint }: { fieldId: string; error?: string; hint?: string }) {
  if (error) {
    return (
      <small id={`${fieldId}-error`} className="field-error" role="alert">
        {error}
      </small>
    );
  }
  return hint ? <small id={`${fieldId}-hint`} className="field-hint">{hint}</small> : null;
}

const described = (fieldId: string, error?: string, hint?: string) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${fieldId}-error` : hint ? `${fieldId}-hint` : undefined,
});

export function Field({ label, error, hint, wide, id, ...rest }: FieldFrame & Omit<InputProps, 'note' | 'multiline'>) {
  const fieldId = id ?? `f-${rest.name ?? label}`;
  return (
    <FieldFrame label={label} wide={wide} fieldId={fieldId}>
      <TextControl id={fieldId} {...described(fieldId, error, hint)} {...rest} note={<FieldNote fieldId={fieldId} error={error} hint={hint} />} />
    </FieldFrame>
  );
}

export function TextAreaField({ label, error, hint, wide = true, id, ...rest }: FieldFrame & Omit<AreaProps, 'note' | 'multiline'>) {
  const fieldId = id ?? `f-${rest.name ?? label}`;
  return (
    <FieldFrame label={label} wide={wide} fieldId={fieldId}>
      <TextControl multiline id={fieldId} rows={4} {...described(fieldId, error, hint)} {...rest} note={<FieldNote fieldId={fieldId} error={error} hint={hint} />} />
    </FieldFrame>
  );
}

export function SelectField({ label, error, hint, wide, id, children, ...rest }: FieldFrame & SelectHTMLAttributes<HTMLSelectElement>) {
  const fieldId = id ?? `f-${rest.name ?? label}`;
  return (
    <FieldFrame label={label} wide={wide} fieldId={fieldId}>
      <select id={fieldId} {...described(fieldId, error, hint)} {...rest}>
        {children}
      </select>
      <FieldNote fieldId={fieldId} error={error} hint={hint} />
    </FieldFrame>
  );
}
