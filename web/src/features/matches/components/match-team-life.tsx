// The match page's team life: each team's squad (public), and for a team's members who is coming
// (the shared attendance panel); the team's managers pick the squad from those who answered «Приду».
import { useId, useState } from 'react';
import type { Match, TeamSummary } from '@tribuna/portal/types';
import { useAttendance } from '../../../shared/api/team-life.ts';
import { useTeamPlayers } from '../../../shared/api/roster.ts';
import { useTeam } from '../../../shared/api/teams.ts';
import { apiErrorMessage } from '../../../shared/lib/error-message.ts';
import { plural } from '../../../shared/i18n/number.ts';
import { ATTENDANCE_LABELS, AttendancePanel } from '../../../shared/ui/attendance-panel.tsx';
import { Button, ErrorState, Notice, Spinner } from '../../../shared/ui/index.tsx';
import { useToast } from '../../../shared/ui/toast.tsx';
import { useMatchSquads, useSetMatchSquad, type SquadPlayer } from '../api/match-squad.ts';
import { teamName } from './match-card.tsx';
import { comingPlayers, orderedPick, pickWarnings, type SquadCandidate } from '../squad.ts';

const t = {
  title: 'Состав и явка',
  squad: 'Заявка на матч',
  squadOf: (team: string) => `Заявка: ${team}`,
  attendanceOf: (team: string) => `Кто придёт: ${team}`,
  noSquad: 'Состав ещё не выбран.',
  squadLoadFailed: 'Не удалось загрузить составы',
  pick: 'Выбрать состав',
  pickTitle: (team: string) => `Состав «${team}»`,
  pickComing: 'Отметить всех, кто придёт',
  save: 'Сохранить состав',
  saving: 'Сохранение…',
  cancel: 'Отмена',
  saved: 'Состав сохранён',
  saveFailed: 'Не удалось сохранить состав',
  rosterLoadFailed: 'Не удалось загрузить игроков команды',
  rosterEmpty: 'В команде нет подтверждённых игроков.',
  notComing: (status: string | null) => (status ? `ответ: «${status}»` : 'не ответил'),
  warnings: (n: number) => `${n} ${plural(n, ['игрок выбран', 'игрока выбраны', 'игроков выбраны'])} без ответа «Приду».`,
  warningMark: 'не ответил «Приду»',
  picked: (n: number) => `Выбрано: ${n}`,
};

const fullName = (p: { first_name: string; last_name: string }) => `${p.last_name} ${p.first_name}`.trim();

function SquadList({ players }: { players: SquadPlayer[] }) {
  if (players.length === 0) return <p className="muted">{t.noSquad}</p>;
  return (
    <ol className="squad-list">
      {players.map((p) => (
        <li key={p.player_id} className={p.warning ? 'squad-warning' : undefined}>
          <span className="squad-number">{p.number ?? '—'}</span>
          <span className="squad-name">{fullName(p)}</span>
          {p.warning && <span className="badge badge-waiting" title={t.notComing(p.status ? ATTENDANCE_LABELS[p.status] : null)}>{t.warningMark}</span>}
        </li>
      ))}
    </ol>
  );
}

function SquadEditor({ matchId, teamId, team, current, onDone }: { matchId: string; teamId: string; team: string; current: SquadPlayer[]; onDone(): void }) {
  const toast = useToast();
  const roster = useTeamPlayers(teamId, { is_confirmed: true });
  const answers = useAttendance({ match_id: matchId, team_id: teamId });
  const save = useSetMatchSquad(matchId, teamId);
  const [picked, setPicked] = useState<Set<string> | null>(null);
  const legendId = useId();
  if (roster.isPending || answers.isPending) return <Spinner />;
  if (roster.isError) return <ErrorState onRetry={() => void roster.refetch()}>{t.rosterLoadFailed}</ErrorState>;
  const statusOf = new Map((answers.data?.attendance ?? []).map((a) => [a.user_id, a.status]));
  const candidates: (SquadCandidate & { name: string; number: number | null })[] = roster.data.map((tp) => ({
    player_id: tp.player_id,
    user_id: tp.user_id,
    status: statusOf.get(tp.user_id) ?? null,
    name: fullName(tp.player),
    number: tp.number ?? null,
  }));
  const chosen = picked ?? new Set(current.length ? current.map((p) => p.player_id) : comingPlayers(candidates));
  const toggle = (id: string) => {
    const next = new Set(chosen);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setPicked(next);
  };
  const warnings = pickWarnings(candidates, chosen);
  const submit = async () => {
    try {
      await save.mutateAsync(orderedPick(candidates, chosen));
    } catch {
      return;
    }
    toast(t.saved, 'success');
    onDone();
  };
  if (candidates.length === 0) return <p className="muted">{t.rosterEmpty}</p>;
  return (
    <fieldset className="squad-editor stack" aria-describedby={legendId}>
      <legend>{t.pickTitle(team)}</legend>
      <div className="row">
        <Button variant="ghost" onClick={() => setPicked(new Set(comingPlayers(candidates)))}>{t.pickComing}</Button>
        <span id={legendId} className="muted" role="status">{t.picked(chosen.size)}</span>
      </div>
      <ul className="squad-candidates">
        {candidates.map((c) => (
          <li key={c.player_id}>
            <label>
              <input type="checkbox" checked={chosen.has(c.player_id)} onChange={() => toggle(c.player_id)} />
              <span className="squad-number">{c.number ?? '—'}</span>
              <span className="squad-name">{c.name}</span>
              <span className={c.status === 'yes' ? 'squad-answer squad-answer-yes' : 'squad-answer'}>
                {c.status ? ATTENDANCE_LABELS[c.status] : t.notComing(null)}
              </span>
            </label>
          </li>
        ))}
      </ul>
      {warnings > 0 && <Notice kind="info">{t.warnings(warnings)}</Notice>}
      {save.isError && <Notice kind="error">{apiErrorMessage(save.error, t.saveFailed)}</Notice>}
      <div className="row">
        <Button disabled={save.isPending} onClick={() => void submit()}>{save.isPending ? t.saving : t.save}</Button>
        <Button variant="ghost" onClick={onDone}>{t.cancel}</Button>
      </div>
    </fieldset>
  );
}

function TeamColumn({ match, teamId, team, squad }: { match: Match; teamId: string; team?: TeamSummary; squad: SquadPlayer[] }) {
  const q = useTeam(teamId);
  const viewer = q.data?.viewer;
  const name = teamName(teamId, team);
  const [editing, setEditing] = useState(false);
  const headingId = useId();
  return (
    <div className="match-team-life-team stack">
      <section className="card stack" aria-labelledby={headingId}>
        <div className="page-head">
          <h3 id={headingId} className="match-team-life-heading">{t.squadOf(name)}</h3>
          {viewer?.can_manage && !editing && <Button variant="secondary" onClick={() => setEditing(true)}>{t.pick}</Button>}
        </div>
        {editing ? (
          <SquadEditor matchId={match.id} teamId={teamId} team={name} current={squad} onDone={() => setEditing(false)} />
        ) : (
          <SquadList players={squad} />
        )}
      </section>
      {(viewer?.is_member || viewer?.can_manage) && (
        <AttendancePanel target={{ match_id: match.id, team_id: teamId }} canManage={viewer.can_manage} title={t.attendanceOf(name)} />
      )}
    </div>
  );
}

export function MatchTeamLife({ match }: { match: Match }) {
  const squads = useMatchSquads(match.id);
  const squadOf = (teamId: string) => squads.data?.find((s) => s.team_id === teamId)?.players ?? [];
  return (
    <section className="match-team-life stack" aria-label={t.title}>
      <h2 className="match-team-life-title">{t.title}</h2>
      {squads.isPending ? (
        <Spinner />
      ) : squads.isError ? (
        <ErrorState onRetry={() => void squads.refetch()}>{t.squadLoadFailed}</ErrorState>
      ) : (
        <div className="match-team-life-grid">
          <TeamColumn match={match} teamId={match.owner_team_id} team={match.owner_team} squad={squadOf(match.owner_team_id)} />
          <TeamColumn match={match} teamId={match.guest_team_id} team={match.guest_team} squad={squadOf(match.guest_team_id)} />
        </div>
      )}
    </section>
  );
}
