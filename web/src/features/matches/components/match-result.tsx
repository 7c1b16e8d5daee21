// The match's result block: the score and its state; a manager of either team reports the result (a
// drawn cup match with its penalties), the other side or the tournament's creator confirms or disputes
// it with a comment, and the tournament's creator enters or corrects it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { Match } from '@tribuna/portal/types';
import { rpc, type RpcInput } from '../../../lib/nakama/rpc.ts';
import { apiErrorMessage } from '../../../shared/lib/error-message.ts';
import { Button, Field, Notice, TextAreaField } from '../../../shared/ui/index.tsx';
import { LiveScore } from '../../../shared/ui/match-live.tsx';
import { matchKeys } from '../keys.ts';
import type { MatchRoles } from '../use-match-roles.ts';

const FAILED = 'Не удалось сохранить результат. Попробуйте ещё раз.';

function useResultAction<T>(match: Match, call: (input: T) => Promise<Match>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (m) => {
      qc.setQueryData(matchKeys.detail(match.id), m);
      void qc.invalidateQueries({ queryKey: ['tournaments'] });
      void qc.invalidateQueries({ queryKey: ['competition'] });
    },
  });
}

const score = (v: string) => (v.trim() === '' ? NaN : Number(v));
const valid = (n: number) => Number.isInteger(n) && n >= 0 && n <= 99;

function ResultForm({ match, cup, correction, onDone }: { match: Match; cup: boolean; correction: boolean; onDone(): void }) {
  const [home, setHome] = useState(match.home_score != null ? String(match.home_score) : '');
  const [guest, setGuest] = useState(match.guest_score != null ? String(match.guest_score) : '');
  const [hp, setHp] = useState(match.home_penalties != null ? String(match.home_penalties) : '');
  const [gp, setGp] = useState(match.guest_penalties != null ? String(match.guest_penalties) : '');
  const [force, setForce] = useState(false);
  const [error, setError] = useState('');
  const save = useResultAction(match, (input: RpcInput<'set_match_result'>) => rpc('set_match_result', input));
  const h = score(home);
  const g = score(guest);
  const drawn = cup && valid(h) && valid(g) && h === g;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!valid(h) || !valid(g)) return setError('Счёт: целые числа от 0 до 99.');
    const pens = drawn ? { home_penalties: score(hp), guest_penalties: score(gp) } : {};
    if (drawn && (!valid(pens.home_penalties!) || !valid(pens.guest_penalties!))) return setError('Кубковый матч не может закончиться вничью: укажите счёт серии пенальти.');
    setError('');
    save.mutate(
      { match_id: match.id, home_score: h, guest_score: g, ...pens, ...(force ? { force: true } : {}) },
      { onSuccess: onDone, onError: (err) => setError(apiErrorMessage(err, FAILED)) },
    );
  };
  return (
    <form className="result-form" onSubmit={submit} noValidate aria-label={correction ? 'Исправление результата' : 'Результат матча'}>
      <div className="result-form-scores">
        <Field label="Голы хозяев" name="home_score" type="number" inputMode="numeric" min={0} max={99} value={home} onChange={(e) => setHome(e.target.value)} />
        <Field label="Голы гостей" name="guest_score" type="number" inputMode="numeric" min={0} max={99} value={guest} onChange={(e) => setGuest(e.target.value)} />
      </div>
      {drawn && (
        <div className="result-form-scores">
          <Field label="Пенальти хозяев" name="home_penalties" type="number" inputMode="numeric" min={0} max={99} value={hp} onChange={(e) => setHp(e.target.value)} />
          <Field label="Пенальти гостей" name="guest_penalties" type="number" inputMode="numeric" min={0} max={99} value={gp} onChange={(e) => setGp(e.target.value)} />
        </div>
      )}
      {correction && cup && (
        <label className="result-check">
          <input type="checkbox" checked={force} onChange={(e) => setForce(e.target.checked)} /> Исправить, даже если у следующих матчей уже есть результаты (они будут сброшены)
        </label>
      )}
      {error && <Notice kind="error">{error}</Notice>}
      <div className="row">
        <Button type="submit" disabled={save.isPending}>{save.isPending ? 'Сохраняем…' : correction ? 'Исправить результат' : 'Сообщить результат'}</Button>
        <Button type="button" variant="ghost" onClick={onDone}>Отмена</Button>
      </div>
    </form>
  );
}

function DisputeForm({ match, onDone }: { match: Match; onDone(): void }) {
  const [comment, setComment] = useState('');
  const [error, setError] = useState('');
  const dispute = useResultAction(match, (comment: string) => rpc('dispute_match_result', { match_id: match.id, comment }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!comment.trim()) return setError('Напишите, с чем вы не согласны.');
    dispute.mutate(comment.trim(), { onSuccess: onDone, onError: (err) => setError(apiErrorMessage(err, 'Не удалось оспорить результат.')) });
  };
  return (
    <form className="result-form" onSubmit={submit} noValidate aria-label="Оспорить результат">
      <TextAreaField label="Комментарий" name="comment" limit={500} value={comment} onChange={(e) => setComment(e.target.value)} error={error || undefined} />
      <div className="row">
        <Button type="submit" variant="danger" disabled={dispute.isPending}>Оспорить</Button>
        <Button type="button" variant="ghost" onClick={onDone}>Отмена</Button>
      </div>
    </form>
  );
}

export function MatchResult({ match, roles, homeName, guestName }: { match: Match; roles: MatchRoles; homeName: string; guestName: string }) {
  const [mode, setMode] = useState<'none' | 'report' | 'dispute'>('none');
  const [error, setError] = useState('');
  const confirm = useResultAction(match, () => rpc('confirm_match_result', { match_id: match.id }));
  const state = match.result_state;
  const reporter = match.result_reported_team;
  // The other side of a report: a manager of the team that did not report it, or the organizer.
  const otherSide = roles.organizer || (reporter === match.owner_team_id ? roles.guest : reporter === match.guest_team_id ? roles.home : false);
  const canConfirm = state === 'reported' && otherSide;
  const manager = roles.home || roles.guest;
  const lockedForTeams = !!match.tournament_id && state === 'confirmed';
  const canReport = roles.organizer || (manager && !lockedForTeams);
  const correction = roles.organizer && state === 'confirmed';
  return (
    <section className="card match-result" aria-label="Счёт и результат">
      <LiveScore match={match} homeName={homeName} guestName={guestName} />
      {state === 'disputed' && match.result_comment && <p className="match-result-comment">Комментарий: {match.result_comment}</p>}
      {mode === 'none' && (canConfirm || canReport) && (
        <div className="row match-result-actions">
          {canConfirm && (
            <Button onClick={() => confirm.mutate(undefined, { onError: (err) => setError(apiErrorMessage(err, 'Не удалось подтвердить результат.')) })} disabled={confirm.isPending}>
              Подтвердить
            </Button>
          )}
          {canConfirm && (
            <Button variant="secondary" onClick={() => setMode('dispute')}>
              Оспорить
            </Button>
          )}
          {canReport && (
            <Button variant={canConfirm ? 'ghost' : 'secondary'} onClick={() => setMode('report')}>
              {correction ? 'Исправить результат' : state === 'none' || state === 'disputed' ? 'Внести результат' : 'Изменить результат'}
            </Button>
          )}
        </div>
      )}
      {error && mode === 'none' && <Notice kind="error">{error}</Notice>}
      {mode === 'report' && <ResultForm match={match} cup={roles.cup} correction={correction} onDone={() => setMode('none')} />}
      {mode === 'dispute' && <DisputeForm match={match} onDone={() => setMode('none')} />}
    </section>
  );
}
