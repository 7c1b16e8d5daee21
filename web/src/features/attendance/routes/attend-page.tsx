// /attend?token=…&status=yes|no|maybe: the one-click answer of a reminder mail. It answers at once,
// without signing in, and says what was answered, or why it could not be (the link expired or is invalid).
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from '../../../lib/router/index.tsx';
import type { AttendanceStatus } from '@tribuna/portal/types';
import { formatDateTime } from '../../../shared/i18n/format.ts';
import { apiErrorMessage } from '../../../shared/lib/error-message.ts';
import { ATTENDANCE_LABELS } from '../../../shared/ui/attendance-panel.tsx';
import { Button, Notice, PageTitle, Spinner } from '../../../shared/ui/index.tsx';
import { useAnswerByToken } from '../api/answer-by-token.ts';
import { attendMessages as m, parseStatus } from '../messages.ts';
import '../attend.css';

const STATUSES: AttendanceStatus[] = ['yes', 'no', 'maybe'];

export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const status = parseStatus(params.get('status'));
  const answer = useAnswerByToken();
  const [comment, setComment] = useState('');
  const commentId = useId();
  const sent = useRef(false);
  const { mutate } = answer;

  useEffect(() => {
    // Once, even when React runs effects twice.
    if (sent.current || !token || !status) return;
    sent.current = true;
    mutate({ token, status });
  }, [token, status, mutate]);

  const footer = (
    <div className="row">
      <Link className="btn btn-ghost" to="/">{m.toSite}</Link>
      <Link className="btn btn-ghost" to="/schedule">{m.toSchedule}</Link>
    </div>
  );

  if (!token || !status) {
    return (
      <section className="page narrow stack attend-page">
        <PageTitle>{m.failedTitle}</PageTitle>
        <Notice kind="error">{m.badLink}</Notice>
        {footer}
      </section>
    );
  }
  if (answer.isError) {
    return (
      <section className="page narrow stack attend-page">
        <PageTitle>{m.failedTitle}</PageTitle>
        <Notice kind="error">{apiErrorMessage(answer.error, m.failed)}</Notice>
        {footer}
      </section>
    );
  }
  if (!answer.data) {
    return (
      <section className="page narrow stack attend-page">
        <PageTitle>{m.title}</PageTitle>
        <Spinner label={m.answering} delayMs={0} />
      </section>
    );
  }
  const a = answer.data;
  return (
    <section className="page narrow stack attend-page">
      <PageTitle title={m.title}>{m.saved}</PageTitle>
      <Notice kind="success">{m.yourAnswer(ATTENDANCE_LABELS[a.status])}</Notice>
      <p><strong>{m.what(a.title, a.team_name)}</strong></p>
      <p className="muted">{m.when(formatDateTime(a.start_time))}</p>
      <div className="stack">
        <p>{m.change}</p>
        <div className="row">
          {STATUSES.filter((s) => s !== a.status).map((s) => (
            <Button key={s} variant="secondary" disabled={answer.isPending} onClick={() => answer.mutate({ token, status: s, comment: comment.trim() })}>
              {ATTENDANCE_LABELS[s]}
            </Button>
          ))}
        </div>
        <form
          className="stack"
          onSubmit={(e) => {
            e.preventDefault();
            answer.mutate({ token, status: a.status, comment: comment.trim() });
          }}
        >
          <div className="field">
            <label htmlFor={commentId}>{m.comment}</label>
            <input id={commentId} maxLength={200} value={comment} onChange={(e) => setComment(e.target.value)} />
          </div>
          <div>
            <button type="submit" className="btn btn-primary" disabled={answer.isPending || !comment.trim()}>{m.sendComment}</button>
          </div>
          {a.comment && <p className="muted" role="status">{m.commentSaved}: «{a.comment}»</p>}
        </form>
      </div>
      {footer}
    </section>
  );
}
