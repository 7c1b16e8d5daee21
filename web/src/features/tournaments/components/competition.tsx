// A tournament's competition on its page: for the creator «Составить расписание» (round robin) or
// «Сформировать сетку» (cup); the table with the rule that placed each row; the matches by round, each
// linking to its match with its score; the top scorers.
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { Match } from '@tribuna/portal/types';
import { formatDateTime } from '../../../shared/i18n/format.ts';
import { apiErrorMessage } from '../../../shared/lib/error-message.ts';
import { Button, EmptyState, ErrorState, Notice, Spinner } from '../../../shared/ui/index.tsx';
import { useBracket, useGenerateBracket, useGenerateFixtures, useStandings, useTopScorers, useTournamentMatches } from '../api/competition.ts';
import { cupRoundName, leagueRoundName } from '../round-name.ts';

const CUP = 0;
const LOAD_FAILED = 'Не удалось загрузить данные турнира.';

function Generate({ tournamentId, cup }: { tournamentId: string; cup: boolean }) {
  const fixtures = useGenerateFixtures();
  const bracket = useGenerateBracket();
  const [start, setStart] = useState('');
  const [interval, setInterval] = useState('7');
  const [double, setDouble] = useState(false);
  const [seeding, setSeeding] = useState<'random' | 'rating' | 'order'>('random');
  const [third, setThird] = useState(false);
  const [note, setNote] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const fail = (err: unknown) => setNote({ kind: 'error', text: apiErrorMessage(err, 'Не удалось составить. Попробуйте ещё раз.') });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const start_time = start ? new Date(start).toISOString() : undefined;
    if (cup) {
      bracket.mutate({ tournament_id: tournamentId, seeding, third_place: third, start_time }, { onError: fail, onSuccess: () => setNote({ kind: 'success', text: 'Сетка сформирована.' }) });
    } else {
      if (!start_time) return setNote({ kind: 'error', text: 'Укажите дату и время начала.' });
      fixtures.mutate(
        { tournament_id: tournamentId, start_time, interval_days: Number(interval) || 7, double_round: double },
        { onError: fail, onSuccess: () => setNote({ kind: 'success', text: 'Расписание составлено.' }) },
      );
    }
  };
  return (
    <form className="competition-generate stack" onSubmit={submit}>
      <div className="row competition-fields">
        <label className="field competition-field"><span className="field-label">Начало</span><input className="input" type="datetime-local" value={start} onChange={(e) => setStart(e.target.value)} /></label>
        {cup ? (
          <label className="field competition-field">
            <span className="field-label">Посев</span>
            <select className="input" value={seeding} onChange={(e) => setSeeding(e.target.value as typeof seeding)}>
              <option value="random">Жеребьёвка</option>
              <option value="rating">По рейтингу</option>
              <option value="order">По порядку заявок</option>
            </select>
          </label>
        ) : (
          <label className="field competition-field"><span className="field-label">Интервал, дней</span><input className="input" type="number" min={1} max={365} value={interval} onChange={(e) => setInterval(e.target.value)} /></label>
        )}
      </div>
      <label className="checkbox">
        {cup ? <input type="checkbox" checked={third} onChange={(e) => setThird(e.target.checked)} /> : <input type="checkbox" checked={double} onChange={(e) => setDouble(e.target.checked)} />}
        <span>{cup ? 'Матч за 3-е место' : 'Два круга (дома и в гостях)'}</span>
      </label>
      {note && <Notice kind={note.kind}>{note.text}</Notice>}
      <Button type="submit" disabled={fixtures.isPending || bracket.isPending}>{cup ? 'Сформировать сетку' : 'Составить расписание'}</Button>
    </form>
  );
}

function Standings({ tournamentId }: { tournamentId: string }) {
  const q = useStandings(tournamentId, true);
  if (q.isPending) return <Spinner />;
  if (q.isError) return <ErrorState onRetry={() => void q.refetch()}>{LOAD_FAILED}</ErrorState>;
  if (!q.data.standings.length) return <EmptyState>В таблице пока нет команд.</EmptyState>;
  return (
    <div className="competition-scroll">
      <table className="competition-table">
        <thead>
          <tr><th>#</th><th className="competition-team">Команда</th><th title="Игры">И</th><th title="Победы">В</th><th title="Ничьи">Н</th><th title="Поражения">П</th><th>Мячи</th><th title="Разница">±</th><th>Очки</th></tr>
        </thead>
        <tbody>
          {q.data.standings.map((r) => (
            <tr key={r.team_id}>
              <td>{r.position}</td>
              <td className="competition-team">
                <Link to={`/teams/${r.team_id}`}>{r.team_name}</Link>
                {r.placed_by !== 'none' && <small className="muted competition-placed">{r.placed_by_text}</small>}
              </td>
              <td>{r.played}</td><td>{r.won}</td><td>{r.drawn}</td><td>{r.lost}</td>
              <td>{r.goals_for}–{r.goals_against}</td>
              <td>{r.goal_difference > 0 ? `+${r.goal_difference}` : r.goal_difference}</td>
              <td><strong>{r.points}</strong></td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const side = (m: Match, home: boolean) => (home ? m.owner_team?.name : m.guest_team?.name) ?? 'Команда удалена';

function Fixtures({ tournamentId, cup }: { tournamentId: string; cup: boolean }) {
  const q = useTournamentMatches(tournamentId);
  const bracket = useBracket(tournamentId, cup);
  if (q.isPending) return <Spinner />;
  if (q.isError) return <ErrorState onRetry={() => void q.refetch()}>{LOAD_FAILED}</ErrorState>;
  const matches = q.data.matches;
  if (!matches.length) return <EmptyState>Матчей пока нет.</EmptyState>;
  const rounds = new Map<string, Match[]>();
  const last = Math.max(...matches.map((x) => x.round ?? 1), bracket.data?.rounds.length ?? 0);
  const thirdIds = new Set(bracket.data?.rounds.flatMap((r) => r.matches.filter((b) => b.third_place).map((b) => b.match_id)) ?? []);
  for (const x of matches) {
    const third = cup && thirdIds.has(x.id);
    const name = cup ? cupRoundName(x.round ?? 1, last, third) : leagueRoundName(x.round ?? 1);
    rounds.set(name, [...(rounds.get(name) ?? []), x]);
  }
  return (
    <div className="stack">
      {[...rounds].map(([name, list]) => (
        <section key={name} className="competition-round">
          <h3>{name}</h3>
          <ul className="competition-matches">
            {list.map((x) => (
              <li key={x.id}>
                <Link to={`/matches/${x.id}`} className="competition-match">
                  <span className="competition-side">{side(x, true)}</span>
                  <strong className="competition-score">{x.home_score !== undefined && x.guest_score !== undefined ? `${x.home_score} : ${x.guest_score}` : '– : –'}</strong>
                  <span className="competition-side competition-guest">{side(x, false)}</span>
                </Link>
                <time className="muted competition-time" dateTime={x.match_time}>{formatDateTime(x.match_time)}</time>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function Scorers({ tournamentId }: { tournamentId: string }) {
  const q = useTopScorers(tournamentId);
  if (q.isPending) return <Spinner />;
  if (q.isError) return <ErrorState onRetry={() => void q.refetch()}>{LOAD_FAILED}</ErrorState>;
  if (!q.data.scorers.length) return <EmptyState>Голов пока нет.</EmptyState>;
  return (
    <div className="competition-scroll">
      <table className="competition-table">
        <thead><tr><th className="competition-team">Игрок</th><th title="Голы">Г</th><th title="Передачи">П</th><th title="Жёлтые карточки">ЖК</th><th title="Красные карточки">КК</th></tr></thead>
        <tbody>
          {q.data.scorers.map((s) => (
            <tr key={`${s.player_id}-${s.team_id}`}><td className="competition-team">{s.name}</td><td>{s.goals}</td><td>{s.assists}</td><td>{s.yellow}</td><td>{s.red}</td></tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function Competition({ tournamentId, type, organizer }: { tournamentId: string; type: number; organizer: boolean }) {
  const cup = type === CUP;
  return (
    <>
      {organizer && (
        <section className="card stack" aria-labelledby="competition-build"><h2 id="competition-build">{cup ? 'Сетка' : 'Расписание'}</h2><Generate tournamentId={tournamentId} cup={cup} /></section>
      )}
      {!cup && <section className="card stack" aria-labelledby="competition-table"><h2 id="competition-table">Таблица</h2><Standings tournamentId={tournamentId} /></section>}
      <section className="card stack" aria-labelledby="competition-matches"><h2 id="competition-matches">Матчи</h2><Fixtures tournamentId={tournamentId} cup={cup} /></section>
      <section className="card stack" aria-labelledby="competition-scorers"><h2 id="competition-scorers">Бомбардиры</h2><Scorers tournamentId={tournamentId} /></section>
    </>
  );
}
