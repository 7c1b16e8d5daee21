// The match page's result: the score and its state for everyone; for those who may change the match a
// form to report (or, for a tournament's creator, correct) it, penalties when a cup match is drawn;
// while a result waits, «Подтвердить» and «Оспорить» with a comment. The server decides who may do what;
// its refusals are shown in Russian.
import { useState, type FormEvent } from 'react';
import type { Match } from '@tribuna/portal/types';
import { apiErrorMessage } from '../../../shared/lib/error-message.ts';
import { Button, Notice, TextControl } from '../../../shared/ui/index.tsx';
import { useSession } from '../../../stores/session.ts';
import { useConfirmMatchResult, useDisputeMatchResult, useSetMatchResult } from '../api/match-result.ts';
import { parseScore, resultStateLabel, scoreText } from '../result.ts';

const FAILED = 'Не удалось сохранить результат. Попробуйте ещё раз.';

function ScoreInput({ label, value, onChange }: { label: string; value: string; onChange(v: string): void }) {
  return (
    <label className="field match-result-field">
      <span className="field-label">{label}</span>
      <input className="input" inputMode="numeric" pattern="[0-9]{1,2}" required value={value} onChange={(e) => onChange(e.target.value)} />
    </label>
  );
}

function ReportForm({ match }: { match: Match }) {
  const save = useSetMatchResult();
  const [home, setHome] = useState(match.home_score?.toString() ?? '');
  const [guest, setGuest] = useState(match.guest_score?.toString() ?? '');
  const [homePen, setHomePen] = useState(match.home_penalties?.toString() ?? '');
  const [guestPen, setGuestPen] = useState(match.guest_penalties?.toString() ?? '');
  const [error, setError] = useState('');
  const cup = match.bracket_slot !== undefined;
  const drawn = home !== '' && home === guest;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const h = parseScore(home);
    const g = parseScore(guest);
    if (h === null || g === null) return setError('Счёт: целые числа от 0 до 99.');
    const pens = cup && h === g ? { home_penalties: parseScore(homePen) ?? undefined, guest_penalties: parseScore(guestPen) ?? undefined } : {};
    setError('');
    save.mutate({ match_id: match.id, home_score: h, guest_score: g, ...pens }, { onError: (err) => setError(apiErrorMessage(err, FAILED)) });
  };
  return (
    <form className="match-result-form" onSubmit={submit} aria-label="Результат матча">
      <div className="row match-result-scores">
        <ScoreInput label="Голы хозяев" value={home} onChange={setHome} />
        <ScoreInput label="Голы гостей" value={guest} onChange={setGuest} />
      </div>
      {cup && drawn && (
        <div className="row match-result-scores">
          <ScoreInput label="Пенальти хозяев" value={homePen} onChange={setHomePen} />
          <ScoreInput label="Пенальти гостей" value={guestPen} onChange={setGuestPen} />
        </div>
      )}
      {error && <Notice kind="error">{error}</Notice>}
      <Button type="submit" disabled={save.isPending}>{match.result_state === 'none' ? 'Сообщить результат' : 'Исправить результат'}</Button>
    </form>
  );
}

function Decision({ match }: { match: Match }) {
  const confirm = useConfirmMatchResult();
  const dispute = useDisputeMatchResult();
  const [comment, setComment] = useState('');
  const [disputing, setDisputing] = useState(false);
  const [error, setError] = useState('');
  const fail = (err: unknown) => setError(apiErrorMessage(err, FAILED));
  return (
    <div className="match-result-decision">
      <div className="row">
        <Button onClick={() => confirm.mutate(match.id, { onError: fail })} disabled={confirm.isPending}>Подтвердить</Button>
        <Button variant="secondary" onClick={() => setDisputing((d) => !d)}>Оспорить</Button>
      </div>
      {disputing && (
        <form
          className="match-result-form"
          onSubmit={(e) => {
            e.preventDefault();
            dispute.mutate({ match_id: match.id, comment: comment.trim() }, { onError: fail, onSuccess: () => setDisputing(false) });
          }}
        >
          <label className="field match-result-field">
            <span className="field-label">Почему вы не согласны</span>
            <TextControl multiline limit={500} required value={comment} onChange={(e) => setComment(e.target.value)} />
          </label>
          <Button type="submit" disabled={dispute.isPending || !comment.trim()}>Отправить</Button>
        </form>
      )}
      {error && <Notice kind="error">{error}</Notice>}
    </div>
  );
}

/** `canEdit`: the viewer manages a team of the match or created it (the server checks the rest). */
export function MatchResult({ match, canEdit }: { match: Match; canEdit: boolean | undefined }) {
  const me = useSession().session?.user_id;
  const score = scoreText(match);
  return (
    <section className="match-result" aria-label="Результат">
      <p className="match-result-score">{score ?? '– : –'}</p>
      <p className={`match-result-state match-result-${match.result_state}`}>{resultStateLabel(match.result_state)}</p>
      {match.result_state === 'disputed' && match.result_comment && <p className="muted">«{match.result_comment}»</p>}
      {canEdit && match.result_state === 'reported' && match.result_reported_by !== me && <Decision match={match} />}
      {canEdit && <ReportForm key={`${match.result_state}-${score ?? ''}`} match={match} />}
    </section>
  );
}
