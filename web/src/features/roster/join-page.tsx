// /teams/{teamId}/join: choose one of your players, optionally a shirt number (the free one is suggested).
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { fileUrl } from '../../lib/nakama/upload.ts';
import { fullName, useMyPlayers } from '../../shared/api/players.ts';
import { teamPlayerKeys } from '../../shared/api/roster.ts';
import { teamKeys, useTeam } from '../../shared/api/teams.ts';
import { apiErrorMessage } from '../../shared/lib/error-message.ts';
import { withReturn } from '../../shared/lib/return-to.ts';
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
        <Link className="btn btn-primary" to={withReturn('/login', `/teams/${teamId}/join`)}>{m.toLogin}</Link>
      </section>
    );
  }
  const viewer = team.data?.viewer;
  if (viewer?.pending_request_id) return <Notice kind="info">{m.alreadyAsked}</Notice>;
  if (viewer?.is_member || viewer?.has_player) return <Notice kind="info">{m.alreadyIn}</Notice>;
  if (viewer && !viewer.can_join) return <Notice kind="info">{m.closedTeam}</Notice>;

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
      setError(apiErrorMessage(err, m.sendFailed));
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
          <div className="choice-list" role="radiogroup" aria-labelledby="join-player-label">
            <span id="join-player-label" className="field-label">{m.choosePlayer}</span>
            {players.data.map((p) => (
              <label key={p.id} className={playerId === p.id ? 'choice selected' : 'choice'}>
                <input type="radio" name="player" value={p.id} checked={playerId === p.id} onChange={() => setPlayerId(p.id)} />
                <img src={p.avatar_id ? fileUrl(p.avatar_id) : '/images/default-avatar.svg'} alt="" width={40} height={40} />
                <span>{fullName(p)}</span>
              </label>
            ))}
          </div>
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
