// Who is coming to a team event or a match, for one team: the counts, the names by answer, the viewer's
// own three buttons with an optional comment, and (for managers) the deadline after which answers close.
import { useId, useState, type FormEvent } from 'react';
import {
  useAttendance, useSetAttendance, useSetAttendanceDeadline, type AttendanceList, type AttendanceStatus, type AttendanceTarget,
} from '../api/team-life.ts';
import { formatDateTime, toLocalInput } from '../i18n/format.ts';
import { apiErrorMessage } from '../lib/error-message.ts';
import { Button, ErrorState, Notice, Spinner } from './index.tsx';
import './attendance-panel.css';

export const ATTENDANCE_LABELS: Record<AttendanceStatus, string> = { yes: 'Приду', no: 'Не приду', maybe: 'Под вопросом' };
const GROUP_LABELS = { yes: 'Придут', no: 'Не придут', maybe: 'Под вопросом', none: 'Не ответили' } as const;
const STATUSES: AttendanceStatus[] = ['yes', 'no', 'maybe'];
const COMMENT_LIMIT = 200;

const attendanceMessages = {
  title: 'Кто придёт',
  loadFailed: 'Не удалось загрузить ответы',
  yourAnswer: 'Ваш ответ',
  comment: 'Комментарий (необязательно)',
  saveFailed: 'Не удалось сохранить ответ',
  saved: (s: AttendanceStatus) => `Ваш ответ: «${ATTENDANCE_LABELS[s]}»`,
  closed: 'Приём ответов закрыт.',
  openUntil: (when: string) => `Ответить можно до ${when}.`,
  deadline: 'Срок ответа',
  setDeadline: 'Сохранить срок',
  removeDeadline: 'Убрать срок',
  deadlineFailed: 'Не удалось сохранить срок ответа',
  nobody: 'никого',
};

/** The names of one answer group, with comments; an empty group says so. */
function groupAnswers(list: AttendanceList) {
  const groups = { yes: [], no: [], maybe: [], none: [] } as Record<AttendanceStatus | 'none', { user_id: string; name: string; comment?: string }[]>;
  for (const a of list.attendance) groups[a.status].push({ user_id: a.user_id, name: a.display_name, comment: a.comment || undefined });
  for (const n of list.no_answer) groups.none.push({ user_id: n.user_id, name: n.display_name });
  return groups;
}

function ViewerAnswer({ target, list }: { target: AttendanceTarget; list: AttendanceList }) {
  const set = useSetAttendance(target);
  const commentId = useId();
  const [comment, setComment] = useState(list.viewer?.comment ?? '');
  const answer = (status: AttendanceStatus) => set.mutate({ status, comment: comment.trim() });
  return (
    <div className="attendance-viewer stack">
      <div className="row" role="group" aria-label={attendanceMessages.yourAnswer}>
        {STATUSES.map((s) => (
          <button
            key={s}
            type="button"
            className={`btn attendance-answer attendance-answer-${s}`}
            aria-pressed={list.viewer?.status === s}
            disabled={set.isPending}
            onClick={() => answer(s)}
          >
            {ATTENDANCE_LABELS[s]}
          </button>
        ))}
      </div>
      <div className="field">
        <label htmlFor={commentId}>{attendanceMessages.comment}</label>
        <input id={commentId} maxLength={COMMENT_LIMIT} value={comment} onChange={(e) => setComment(e.target.value)} />
      </div>
      {set.isError && <Notice kind="error">{apiErrorMessage(set.error, attendanceMessages.saveFailed)}</Notice>}
      {set.isSuccess && <p className="muted" role="status">{attendanceMessages.saved(set.data.status)}</p>}
    </div>
  );
}

function DeadlineForm({ target, list }: { target: AttendanceTarget; list: AttendanceList }) {
  const save = useSetAttendanceDeadline(target);
  const id = useId();
  const [value, setValue] = useState(toLocalInput(list.deadline));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (value) save.mutate(new Date(value).toISOString());
  };
  return (
    <form className="attendance-deadline row" onSubmit={submit}>
      <div className="field">
        <label htmlFor={id}>{attendanceMessages.deadline}</label>
        <input id={id} type="datetime-local" max={toLocalInput(list.start_time)} value={value} onChange={(e) => setValue(e.target.value)} />
      </div>
      <button type="submit" className="btn btn-secondary" disabled={!value || save.isPending}>{attendanceMessages.setDeadline}</button>
      {list.deadline && (
        <Button variant="ghost" disabled={save.isPending} onClick={() => { setValue(''); save.mutate(null); }}>{attendanceMessages.removeDeadline}</Button>
      )}
      {save.isError && <Notice kind="error">{apiErrorMessage(save.error, attendanceMessages.deadlineFailed)}</Notice>}
    </form>
  );
}

interface Props {
  target: AttendanceTarget;
  /** Managers set the deadline. */
  canManage?: boolean;
  /** A heading above the panel, e.g. the team's name on a match page. */
  title?: string;
}

export function AttendancePanel({ target, canManage = false, title = attendanceMessages.title }: Props) {
  const q = useAttendance(target);
  const headingId = useId();
  return (
    <section className="attendance card stack" aria-labelledby={headingId}>
      <h3 id={headingId} className="attendance-title">{title}</h3>
      {q.isPending ? (
        <Spinner />
      ) : q.isError ? (
        <ErrorState onRetry={() => void q.refetch()}>{apiErrorMessage(q.error, attendanceMessages.loadFailed)}</ErrorState>
      ) : (
        <AttendanceBody target={target} list={q.data} canManage={canManage} />
      )}
    </section>
  );
}

function AttendanceBody({ target, list, canManage }: { target: AttendanceTarget; list: AttendanceList; canManage: boolean }) {
  const groups = groupAnswers(list);
  return (
    <>
      <ul className="attendance-counts" aria-label="Ответы">
        {(['yes', 'no', 'maybe', 'none'] as const).map((k) => (
          <li key={k} className={`attendance-count attendance-count-${k}`}>
            <strong>{list.counts[k]}</strong> <span>{GROUP_LABELS[k]}</span>
          </li>
        ))}
      </ul>
      <p className={list.open ? 'muted' : 'attendance-closed'} role={list.open ? undefined : 'status'}>
        {list.open ? attendanceMessages.openUntil(formatDateTime(list.closes_at)) : attendanceMessages.closed}
      </p>
      {list.viewer !== undefined && list.open && <ViewerAnswer target={target} list={list} />}
      <dl className="attendance-groups">
        {(['yes', 'maybe', 'no', 'none'] as const).map((k) => (
          <div key={k} className="attendance-group">
            <dt>{GROUP_LABELS[k]}</dt>
            <dd>
              {groups[k].length === 0 ? (
                <span className="muted">{attendanceMessages.nobody}</span>
              ) : (
                <ul>
                  {groups[k].map((p) => (
                    <li key={p.user_id}>
                      {p.name}
                      {p.comment && <span className="muted"> — {p.comment}</span>}
                    </li>
                  ))}
                </ul>
              )}
            </dd>
          </div>
        ))}
      </dl>
      {canManage && <DeadlineForm target={target} list={list} />}
    </>
  );
}
