// A tournament's competition: for its creator the forms that build the schedule (round robin) or the
// bracket (cup); the standings with the rule that placed each row, the cup's bracket as SVG, the fixtures
// by round (each linking to its match, with the score), and the top scorers.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from '../../../lib/router/index.tsx';
import type { Match, Tournament } from '@tribuna/portal/types';
import { rpc } from '../../../lib/nakama/rpc.ts';
import { useTeamTournaments } from '../../../shared/api/tournaments.ts';
import { formatDateTime } from '../../../shared/i18n/format.ts';
import { apiErrorMessage } from '../../../shared/lib/error-message.ts';
import { cupRoundName, leagueRoundName } from '../../../shared/lib/match-events.ts';
import { Button, EmptyState, ErrorState, Field, Notice, SelectField, Spinner } from '../../../shared/ui/index.tsx';
import { BOX, layoutBracket } from './bracket-layout.ts';

const competitionKeys = {
  all: (id: string) => ['competition', id] as const,
  matches: (id: string) => ['competition', id, 'matches'] as const,
  standings: (id: string) => ['competition', id, 'standings'] as const,
  bracket: (id: string) => ['competition', id, 'bracket'] as const,
  scorers: (id: string) => ['competition', id, 'scorers'] as const,
};

const pad = (n: number) => String(n).padStart(2, '0');
function localInput(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
const tomorrowAt18 = () => {
  const d = new Date();
  d.setDate(d.getDate() + 1);
  d.setHours(18, 0, 0, 0);
  return localInput(d);
};

function useRefresh(id: string) {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: competitionKeys.all(id) });
    void qc.invalidateQueries({ queryKey: ['matches'] });
  };
}

function FixturesForm({ id }: { id: string }) {
  const [start, setStart] = useState(tomorrowAt18);
  const [interval, setInterval] = useState('7');
  const [double, setDouble] = useState(false);
  const [msg, setMsg] = useState<{ kind: 'error' | 'success'; text: string }>();
  const refresh = useRefresh(id);
  const gen = useMutation({
    mutationFn: () => rpc('generate_fixtures', { tournament_id: id, start_time: new Date(start).toISOString(), interval_days: Number(interval), double_round: double }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const days = Number(interval);
    if (!start || Number.isNaN(new Date(start).getTime())) return setMsg({ kind: 'error', text: 'Укажите дату и время первого тура.' });
    if (!Number.isInteger(days) || days < 1 || days > 365) return setMsg({ kind: 'error', text: 'Интервал: целое число дней от 1 до 365.' });
    gen.mutate(undefined, {
      onSuccess: (r) => {
        refresh();
        setMsg({ kind: 'success', text: r.kept_pairings ? 'Расписание обновлено: пары сохранены, сдвинуты матчи без результата.' : `Расписание составлено: матчей — ${r.matches.length}.` });
      },
      onError: (err) => setMsg({ kind: 'error', text: apiErrorMessage(err, 'Не удалось составить расписание.') }),
    });
  };
  return (
    <form className="card competition-form" onSubmit={submit} noValidate aria-labelledby="fixtures-form-title">
      <h2 id="fixtures-form-title">Составить расписание</h2>
      <div className="competition-form-grid">
        <Field label="Начало первого тура" name="start_time" type="datetime-local" value={start} onChange={(e) => setStart(e.target.value)} />
        <Field label="Интервал между турами, дней" name="interval_days" type="number" inputMode="numeric" min={1} max={365} value={interval} onChange={(e) => setInterval(e.target.value)} />
      </div>
      <label className="competition-check">
        <input type="checkbox" checked={double} onChange={(e) => setDouble(e.target.checked)} /> Два круга (дома и в гостях)
      </label>
      {msg && <Notice kind={msg.kind}>{msg.text}</Notice>}
      <div className="row">
        <Button type="submit" disabled={gen.isPending}>{gen.isPending ? 'Составляем…' : 'Составить расписание'}</Button>
      </div>
    </form>
  );
}

function BracketForm({ id }: { id: string }) {
  const [seeding, setSeeding] = useState<'random' | 'rating' | 'order'>('random');
  const [third, setThird] = useState(false);
  const [start, setStart] = useState('');
  const [msg, setMsg] = useState<{ kind: 'error' | 'success'; text: string }>();
  const refresh = useRefresh(id);
  const gen = useMutation({
    mutationFn: () => rpc('generate_bracket', { tournament_id: id, seeding, third_place: third, ...(start ? { start_time: new Date(start).toISOString() } : {}) }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    gen.mutate(undefined, {
      onSuccess: () => {
        refresh();
        setMsg({ kind: 'success', text: 'Сетка сформирована.' });
      },
      onError: (err) => setMsg({ kind: 'error', text: apiErrorMessage(err, 'Не удалось сформировать сетку.') }),
    });
  };
  return (
    <form className="card competition-form" onSubmit={submit} noValidate aria-labelledby="bracket-form-title">
      <h2 id="bracket-form-title">Сформировать сетку</h2>
      <div className="competition-form-grid">
        <SelectField label="Посев" name="seeding" value={seeding} onChange={(e) => setSeeding(e.target.value as typeof seeding)}>
          <option value="random">Жеребьёвка</option>
          <option value="rating">По рейтингу команд</option>
          <option value="order">В порядке заявок</option>
        </SelectField>
        <Field label="Начало первого раунда" name="start_time" type="datetime-local" value={start} onChange={(e) => setStart(e.target.value)} hint="Если не указать — дата начала турнира" />
      </div>
      <label className="competition-check">
        <input type="checkbox" checked={third} onChange={(e) => setThird(e.target.checked)} /> Матч за 3-е место
      </label>
      {msg && <Notice kind={msg.kind}>{msg.text}</Notice>}
      <div className="row">
        <Button type="submit" disabled={gen.isPending}>{gen.isPending ? 'Формируем…' : 'Сформировать сетку'}</Button>
      </div>
    </form>
  );
}

function Standings({ id }: { id: string }) {
  const q = useQuery({ queryKey: competitionKeys.standings(id), queryFn: async () => (await rpc('get_standings', { tournament_id: id })).standings });
  return (
    <section className="card competition-block" aria-labelledby="standings-title">
      <h2 id="standings-title">Турнирная таблица</h2>
      {q.isPending ? (
        <Spinner label="Загружаем таблицу…" />
      ) : q.isError ? (
        <ErrorState onRetry={() => void q.refetch()}>Не удалось загрузить таблицу.</ErrorState>
      ) : q.data.length === 0 ? (
        <EmptyState>В турнире пока нет подтверждённых команд.</EmptyState>
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-label="Турнирная таблица, прокручивается">
          <table className="standings">
            <thead>
              <tr>
                <th scope="col" title="Место">#</th>
                <th scope="col" className="standings-team">Команда</th>
                <th scope="col" title="Игры">И</th>
                <th scope="col" title="Выигрыши">В</th>
                <th scope="col" title="Ничьи">Н</th>
                <th scope="col" title="Поражения">П</th>
                <th scope="col" title="Забито и пропущено">Мячи</th>
                <th scope="col" title="Разница мячей">+/−</th>
                <th scope="col" title="Очки">О</th>
              </tr>
            </thead>
            <tbody>
              {q.data.map((r) => (
                <tr key={r.team_id}>
                  <td>{r.position}</td>
                  <td className="standings-team">
                    <Link to={`/teams/${r.team_id}`}>{r.team_name}</Link>
                    {r.placed_by !== 'none' && <span className="standings-rule muted">{r.placed_by_text}</span>}
                  </td>
                  <td>{r.played}</td>
                  <td>{r.won}</td>
                  <td>{r.drawn}</td>
                  <td>{r.lost}</td>
                  <td>{r.goals_for}–{r.goals_against}</td>
                  <td>{r.goal_difference > 0 ? `+${r.goal_difference}` : r.goal_difference}</td>
                  <td><strong>{r.points}</strong></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

function Bracket({ id, names }: { id: string; names: Map<string, string> }) {
  const q = useQuery({ queryKey: competitionKeys.bracket(id), queryFn: async () => (await rpc('get_bracket', { tournament_id: id })).rounds });
  if (q.isPending) return <Spinner label="Загружаем сетку…" />;
  if (q.isError) return <ErrorState onRetry={() => void q.refetch()}>Не удалось загрузить сетку.</ErrorState>;
  if (q.data.length === 0) return <EmptyState>Сетка ещё не сформирована.</EmptyState>;
  const l = layoutBracket(q.data);
  const finalRound = q.data.reduce((a, r) => Math.max(a, r.round), 0);
  const final = q.data.find((r) => r.round === finalRound)?.matches.find((m) => !m.third_place);
  const champion = final?.winner_team_id ? names.get(final.winner_team_id) : undefined;
  return (
    <>
      {champion && <p className="cup-winner" data-testid="cup-winner">Победитель: <strong>{champion}</strong></p>}
      <div className="bracket-scroll" tabIndex={0} role="region" aria-label="Турнирная сетка, прокручивается">
        <svg className="bracket" width={l.width} height={l.height} viewBox={`0 0 ${l.width} ${l.height}`} role="img" aria-label="Турнирная сетка">
          {l.columns.map((c, i) => (
            <text key={i} x={c.x} y={i < q.data.length ? 16 : (l.boxes.find((b) => b.match.third_place)?.y ?? 0) - 8} className="bracket-round">{c.title}</text>
          ))}
          {l.lines.map((pts, i) => (
            <polyline key={i} points={pts.map((p) => p.join(',')).join(' ')} className="bracket-line" />
          ))}
          {l.boxes.map((b) => {
            const m = b.match;
            const row = (team: string | null, score: number | null, pens: number | null, k: number) => {
              const full = team ? (names.get(team) ?? '…') : m.bye ? 'Без соперника' : 'Определится позже';
              const won = !!team && team === m.winner_team_id;
              const scoreText = `${score ?? ''}${pens != null ? ` (${pens})` : ''}`;
              return (
                <g key={k}>
                  <title>{full}</title>
                  <text x={b.x + 8} y={b.y + 20 + k * 24} className={won ? 'bracket-team bracket-winner' : team ? 'bracket-team' : 'bracket-team bracket-tbd'}>
                    {cut(full, 23 - Math.ceil(scoreText.length * 1.2))}
                  </text>
                  <text x={b.x + BOX.width - 8} y={b.y + 20 + k * 24} textAnchor="end" className={won ? 'bracket-score bracket-winner' : 'bracket-score'}>
                    {scoreText}
                  </text>
                </g>
              );
            };
            const box = (
              <>
                <rect x={b.x} y={b.y} width={BOX.width} height={BOX.height} rx={6} className="bracket-box" />
                <line x1={b.x} x2={b.x + BOX.width} y1={b.y + BOX.height / 2} y2={b.y + BOX.height / 2} className="bracket-sep" />
                {row(m.home_team_id, m.home_score, m.home_penalties, 0)}
                {row(m.guest_team_id, m.guest_score, m.guest_penalties, 1)}
              </>
            );
            return m.match_id ? (
              <a key={m.slot} href={`/matches/${m.match_id}`} className="bracket-link">{box}</a>
            ) : (
              <g key={m.slot}>{box}</g>
            );
          })}
        </svg>
      </div>
    </>
  );
}

function score(m: Match): string {
  if (m.result_state === 'none' || m.home_score == null || m.guest_score == null) return '–:–';
  const pens = m.home_penalties != null && m.guest_penalties != null ? ` (пен. ${m.home_penalties}:${m.guest_penalties})` : '';
  return `${m.home_score}:${m.guest_score}${pens}`;
}

const STATE_NOTE: Record<string, string> = { reported: 'ждёт подтверждения', disputed: 'оспорен' };

function Fixtures({ id, cup, names }: { id: string; cup: boolean; names: Map<string, string> }) {
  const q = useQuery({ queryKey: competitionKeys.matches(id), queryFn: async () => (await rpc('list_tournament_matches', { tournament_id: id })).matches });
  const bracket = useQuery({ queryKey: competitionKeys.bracket(id), queryFn: async () => (await rpc('get_bracket', { tournament_id: id })).rounds, enabled: cup });
  if (q.isPending) return <Spinner label="Загружаем матчи…" />;
  if (q.isError) return <ErrorState onRetry={() => void q.refetch()}>Не удалось загрузить матчи.</ErrorState>;
  if (q.data.length === 0) return <EmptyState>{cup ? 'Матчей пока нет: сетка не сформирована.' : 'Расписания пока нет.'}</EmptyState>;
  const rounds = cup ? (bracket.data?.reduce((a, r) => Math.max(a, r.round), 0) ?? 0) : 0;
  const thirdIds = new Set((bracket.data ?? []).flatMap((r) => r.matches.filter((m) => m.third_place && m.match_id).map((m) => m.match_id)));
  const groups = new Map<string, Match[]>();
  for (const m of q.data) {
    const title = cup ? cupRoundName(m.round ?? 1, Math.max(rounds, m.round ?? 1), thirdIds.has(m.id)) : leagueRoundName(m.round ?? 1);
    groups.set(title, [...(groups.get(title) ?? []), m]);
  }
  const name = (tid: string, t?: { name: string }) => t?.name ?? names.get(tid) ?? tid;
  return (
    <div className="fixtures">
      {[...groups].map(([title, list]) => (
        <section key={title} className="fixtures-round" aria-label={title}>
          <h3>{title}</h3>
          <ul className="fixtures-list">
            {list.map((m) => (
              <li key={m.id}>
                <Link to={`/matches/${m.id}`} className="fixture">
                  <span className="fixture-home">{name(m.owner_team_id, m.owner_team)}</span>
                  <strong className="fixture-score">{score(m)}</strong>
                  <span className="fixture-guest">{name(m.guest_team_id, m.guest_team)}</span>
                  <span className="fixture-time muted">
                    <time dateTime={m.match_time}>{formatDateTime(m.match_time)}</time>
                    {STATE_NOTE[m.result_state] ? ` · ${STATE_NOTE[m.result_state]}` : ''}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function Scorers({ id }: { id: string }) {
  const q = useQuery({ queryKey: competitionKeys.scorers(id), queryFn: async () => (await rpc('list_top_scorers', { tournament_id: id, limit: 20 })).scorers });
  return (
    <section className="card competition-block" aria-labelledby="scorers-title">
      <h2 id="scorers-title">Бомбардиры</h2>
      {q.isPending ? (
        <Spinner label="Загружаем бомбардиров…" />
      ) : q.isError ? (
        <ErrorState onRetry={() => void q.refetch()}>Не удалось загрузить бомбардиров.</ErrorState>
      ) : q.data.length === 0 ? (
        <EmptyState>Голов пока нет.</EmptyState>
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-label="Бомбардиры, прокручивается">
          <table className="standings scorers">
            <thead>
              <tr>
                <th scope="col" className="standings-team">Игрок</th>
                <th scope="col" title="Голы">Голы</th>
                <th scope="col" title="Голевые передачи">Пасы</th>
                <th scope="col" title="Матчи">И</th>
                <th scope="col" title="Жёлтые карточки">ЖК</th>
                <th scope="col" title="Красные карточки">КК</th>
              </tr>
            </thead>
            <tbody>
              {q.data.map((s) => (
                <tr key={`${s.player_id}-${s.team_id}`}>
                  <td className="standings-team"><Link to={`/players/${s.player_id}`}>{s.name}</Link></td>
                  <td><strong>{s.goals}</strong></td>
                  <td>{s.assists}</td>
                  <td>{s.appearances}</td>
                  <td>{s.yellow}</td>
                  <td>{s.red}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export function Competition({ tournament, mine }: { tournament: Tournament; mine: boolean }) {
  const cup = tournament.tournament_type === 0;
  const links = useTeamTournaments({ tournament_id: tournament.id, limit: 100 });
  const names = new Map((links.data?.team_tournaments ?? []).map((l) => [l.team_id, l.team.name]));
  const editable = mine && !tournament.delete_time;
  return (
    <div className="competition">
      {editable && (cup ? <BracketForm id={tournament.id} /> : <FixturesForm id={tournament.id} />)}
      {cup ? (
        <section className="card competition-block" aria-labelledby="bracket-title">
          <h2 id="bracket-title">Сетка</h2>
          <Bracket id={tournament.id} names={names} />
        </section>
      ) : (
        <Standings id={tournament.id} />
      )}
      <section className="card competition-block" aria-labelledby="fixtures-title">
        <h2 id="fixtures-title">{cup ? 'Матчи' : 'Расписание'}</h2>
        <Fixtures id={tournament.id} cup={cup} names={names} />
      </section>
      <Scorers id={tournament.id} />
    </div>
  );
}
