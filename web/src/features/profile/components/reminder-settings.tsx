// The profile's switches for each kind of team reminder (in the bell and by mail).
import { useId } from 'react';
import { apiErrorMessage } from '../../../shared/lib/error-message.ts';
import { ErrorState, Notice, Spinner } from '../../../shared/ui/index.tsx';
import { useReminderSettings, useSetReminderSettings } from '../api/reminder-settings.ts';
import { profileMessages as m } from '../messages.ts';

const KINDS = [
  { key: 'unanswered', label: m.remindUnanswered, hint: m.remindUnansweredHint },
  { key: 'coming', label: m.remindComing, hint: m.remindComingHint },
] as const;

export function ReminderSettings() {
  const q = useReminderSettings();
  const save = useSetReminderSettings();
  const headingId = useId();
  return (
    <section className="card stack reminder-settings" aria-labelledby={headingId}>
      <h2 id={headingId}>{m.reminders}</h2>
      <p className="muted">{m.remindersLead}</p>
      {q.isPending ? (
        <Spinner />
      ) : q.isError ? (
        <ErrorState onRetry={() => void q.refetch()}>{m.remindersLoadFailed}</ErrorState>
      ) : (
        <ul className="switch-list">
          {KINDS.map((k) => (
            <li key={k.key}>
              <label className="switch">
                <input
                  type="checkbox"
                  role="switch"
                  checked={q.data[k.key]}
                  disabled={save.isPending}
                  onChange={(e) => save.set({ [k.key]: e.target.checked })}
                />
                <span>
                  <strong>{k.label}</strong>
                  <small className="muted">{k.hint}</small>
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {save.isError && <Notice kind="error">{apiErrorMessage(save.error, m.remindersSaveFailed)}</Notice>}
    </section>
  );
}
