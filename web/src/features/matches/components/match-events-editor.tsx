// The match's events for its managers: the feed with a delete button on the events of the teams they
// manage, and a form to add one (minute, type, team, a player from that team's roster, the assistant of
// a goal, the player going off in a substitution).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { Match } from '@tribuna/portal/types';
import { rpc } from '../../../lib/nakama/rpc.ts';
import { matchEventKeys } from '../../../shared/api/match-live.ts';
import { fullName } from '../../../shared/api/players.ts';
import { useTeamPlayers } from '../../../shared/api/roster.ts';
import { apiErrorMessage } from '../../../shared/lib/error-message.ts';
import { EVENT_LABELS, EVENT_TYPES, applyFeed, eventNeeds, type MatchEvent, type MatchEventType } from '../../../shared/lib/match-events.ts';
import { Button, Field, Notice, SelectField } from '../../../shared/ui/index.tsx';
import { EventFeed } from '../../../shared/ui/match-live.tsx';
import type { MatchRoles } from '../use-match-roles.ts';

function PlayerSelect({ teamId, label, name, value, onChange, required }: { teamId: string; label: string; name: string; value: string; onChange(v: string): void; required?: boolean }) {
  const q = useTeamPlayers(teamId, { is_confirmed: true });
  const players = [...(q.data ?? [])].sort((a, b) => fullName(a.player).localeCompare(fullName(b.player), 'ru'));
  return (
    <SelectField label={label} name={name} value={value} onChange={(e) => onChange(e.target.value)} hint={q.isError ? 'Не удалось загрузить состав.' : undefined}>
      <option value="">{required ? 'Выберите игрока' : 'Не указан'}</option>
      {players.map((p) => (
        <option key={p.player_id} value={p.player_id}>
          {p.number ? `${p.number}. ` : ''}
          {fullName(p.player)}
        </option>
      ))}
    </SelectField>
  );
}

function AddEvent({ match, roles, teamName }: { match: Match; roles: MatchRoles; teamName(id: string): string }) {
  const qc = useQueryClient();
  const teams = [match.owner_team_id, match.guest_team_id].filter((id) => roles.organizer || (id === match.owner_team_id ? roles.home : roles.guest));
  const [minute, setMinute] = useState('');
  const [type, setType] = useState<MatchEventType>('goal');
  const [chosenTeam, setTeam] = useState('');
  // The roles come in after the first render: until a team is chosen, the first one the viewer may post for.
  const team = teams.includes(chosenTeam) ? chosenTeam : (teams[0] ?? '');
  const [player, setPlayer] = useState('');
  const [assist, setAssist] = useState('');
  const [out, setOut] = useState('');
  const [error, setError] = useState('');
  const needs = eventNeeds(type);
  const add = useMutation({
    mutationFn: () =>
      rpc('add_match_event', {
        match_id: match.id,
        minute: Number(minute),
        type,
        team_id: team,
        ...(needs.player && player ? { player_id: player } : {}),
        ...(needs.assist && assist ? { assist_player_id: assist } : {}),
        ...(needs.playerOut && out ? { player_out_id: out } : {}),
      }),
    onSuccess: (e) => {
      qc.setQueryData<MatchEvent[]>(matchEventKeys.list(match.id), (list) => applyFeed(list ?? [], { kind: 'event', match_id: match.id, event: e, score: { home: 0, guest: 0 } }));
      setPlayer('');
      setAssist('');
      setOut('');
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const n = Number(minute);
    if (minute.trim() === '' || !Number.isInteger(n) || n < 0 || n > 130) return setError('Минута: целое число от 0 до 130.');
    if (needs.playerRequired && !player) return setError(type === 'sub' ? 'Выберите, кто выходит на поле.' : 'Выберите игрока.');
    if (needs.playerOut && !out) return setError('Выберите, кто уходит с поля.');
    setError('');
    add.mutate(undefined, { onError: (err) => setError(apiErrorMessage(err, 'Не удалось добавить событие.')) });
  };
  if (!teams.length) return null;
  const pickTeam = (id: string) => {
    setTeam(id);
    setPlayer('');
    setAssist('');
    setOut('');
  };
  return (
    <form className="card event-form" onSubmit={submit} noValidate aria-labelledby="event-form-title">
      <h2 id="event-form-title">Добавить событие</h2>
      <div className="event-form-grid">
        <Field label="Минута" name="minute" type="number" inputMode="numeric" min={0} max={130} value={minute} onChange={(e) => setMinute(e.target.value)} />
        <SelectField label="Событие" name="type" value={type} onChange={(e) => setType(e.target.value as MatchEventType)}>
          {EVENT_TYPES.map((t) => (
            <option key={t} value={t}>{EVENT_LABELS[t]}</option>
          ))}
        </SelectField>
        <SelectField label="Команда" name="team" value={team} onChange={(e) => pickTeam(e.target.value)}>
          {teams.map((id) => (
            <option key={id} value={id}>{teamName(id)}</option>
          ))}
        </SelectField>
        {needs.player && team && (
          <PlayerSelect teamId={team} name="player" label={type === 'sub' ? 'Выходит на поле' : type === 'own_goal' ? 'Автор автогола' : type === 'yellow' || type === 'red' ? 'Игрок' : 'Автор гола'} value={player} onChange={setPlayer} required={needs.playerRequired} />
        )}
        {needs.assist && team && <PlayerSelect teamId={team} name="assist" label="Голевой пас" value={assist} onChange={setAssist} />}
        {needs.playerOut && team && <PlayerSelect teamId={team} name="player_out" label="Уходит с поля" value={out} onChange={setOut} required />}
      </div>
      {error && <Notice kind="error">{error}</Notice>}
      <Button type="submit" disabled={add.isPending}>{add.isPending ? 'Добавляем…' : 'Добавить событие'}</Button>
    </form>
  );
}

export function MatchEvents({ match, roles, teamName }: { match: Match; roles: MatchRoles; teamName(id: string): string }) {
  const qc = useQueryClient();
  const [error, setError] = useState('');
  const del = useMutation({
    mutationFn: (id: string) => rpc('delete_match_event', { id }),
    onSuccess: (_r, id) => qc.setQueryData<MatchEvent[]>(matchEventKeys.list(match.id), (list) => (list ?? []).filter((e) => e.id !== id)),
  });
  const mayDelete = (e: MatchEvent) => roles.organizer || (e.team_id === match.owner_team_id ? roles.home : e.team_id === match.guest_team_id ? roles.guest : false);
  return (
    <>
      <EventFeed
        match={match}
        teamName={teamName}
        title={match.result_state === 'confirmed' ? 'Отчёт о матче' : 'Ход матча'}
        action={(e) =>
          mayDelete(e) ? (
            <Button variant="ghost" className="btn-small" aria-label={`Удалить событие: ${EVENT_LABELS[e.type]}, ${e.minute}-я минута`} disabled={del.isPending}
              onClick={() => del.mutate(e.id, { onError: (err) => setError(apiErrorMessage(err, 'Не удалось удалить событие.')) })}>
              Удалить
            </Button>
          ) : null
        }
      />
      {error && <Notice kind="error">{error}</Notice>}
      <AddEvent match={match} roles={roles} teamName={teamName} />
    </>
  );
}
