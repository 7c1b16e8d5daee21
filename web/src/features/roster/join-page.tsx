// /teams/{teamId}/join: choose one of your players, optionally a shirt number (the free one is suggested).
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../lib/nakama/errors.ts';
import { fullName, useMyPlayers } from '../../shared/api/players.ts';
import { teamPlayerKeys } from '../../shared/api/roster.ts';
import { teamKeys, useTeam } from '../../shared/api/teams.ts';
import { useAuthenticated } from '../../stores/session.ts';
import { EmptyState, ErrorState, Field, Notice, PageTitle, Spinner } from '../../shared/ui/index.tsx';
import { freeNumberKey, useFreeNumber } from './api/get-team-free-number.ts';
import { requestJoin } from './api/request-join-team-player.ts';
import { rosterMessages as m } from './messages.ts';

export function validNumber(raw: string): number | undefined | null {
  if (raw.trim() === '') return undefined;
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 && n <= 99 ? n : null;
}

export function Component() {
  const { teamId = '' } = useParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const authenticated = useAuthenticated();
  const team = useTeam(teamId);
  const players = useMyPlayers(authenticated);
  const free = useFreeNumber(teamId);
  const [playerId, setPlayerId] = useState('');
  const [number, setNumber] = useState('');
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);

  if (!authenticated) {
    return (
      <section className="stack">
        <Notice kind="info">{m.signIn}</Notice>
        <Link className="btn btn-primary" to="/login">{m.toLogin}</Link>
      </section>
    );
  }
  if (team.data?.viewer.has_player) return <Notice kind="info">{m.alreadyIn}</Notice>;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const n = validNumber(number);
    if (n === null) {
      setError(m.numberRange);
      return;
    }
    setError(undefined);
    setSending(true);
    try {
      await requestJoin(teamId, playerId, n);
      await Promise.all([
        qc.invalidateQueries({ queryKey: teamKeys.detail(teamId) }),
        qc.invalidateQueries({ queryKey: teamPlayerKeys.team(teamId) }),
        qc.invalidateQueries({ queryKey: freeNumberKey(teamId) }),
      ]);
      navigate(`/teams/${teamId}`);
    } catch (err) {
      setError(err instanceof ApiError && err.status >= 400 && err.status < 500 ? err.message : m.sendFailed);
    } finally {
      setSending(false);
    }
  }

  return (
    <section className="stack narrow-block">
      <PageTitle>{m.joinTitle}</PageTitle>
      {players.isPending && <Spinner />}
      {players.isError && <ErrorState onRetry={() => void players.refetch()}>{m.playersLoadFailed}</ErrorState>}
      {players.isSuccess && players.data.length === 0 && (
        <>
          <EmptyState>{m.noPlayers}</EmptyState>
          <Link className="btn btn-secondary" to="/players/create">{m.createPlayer}</Link>
        </>
      )}
      {players.isSuccess && players.data.length > 0 && (
        <form className="stack" onSubmit={submit} noValidate>
          <fieldset className="radio-list">
            <legend>{m.choosePlayer}</legend>
            {players.data.map((p) => (
              <label key={p.id} className="checkbox">
                <input type="radio" name="player" value={p.id} checked={playerId === p.id} onChange={() => setPlayerId(p.id)} />
                <span>{fullName(p)}</span>
              </label>
            ))}
          </fieldset>
          <Field
            label={m.shirtNumber}
            name="number"
            type="number"
            min={1}
            max={99}
            value={number}
            placeholder={free.data?.number ? String(free.data.number) : undefined}
            hint={free.data ? (free.data.number ? m.suggested(free.data.number) : m.allTaken) : undefined}
            onChange={(e) => setNumber(e.target.value)}
          />
          {error && <Notice kind="error">{error}</Notice>}
          <button type="submit" className="btn btn-primary" disabled={!playerId || sending}>{sending ? m.sending : m.send}</button>
        </form>
      )}
    </section>
  );
}
