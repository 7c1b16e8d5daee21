// One of the user's players for a team: the player (a list of cards), the shirt number (the free one is
// suggested) and, where the step takes it, the field role. The join request, a manager's direct add and
// an accepted invitation all use it; each says what its button does and what happens after.
import { useState, type FormEvent, type ReactNode } from 'react';
import type { Player } from '@tribuna/portal/types';
import { playerPhoto } from '../../../shared/ui/player-card.tsx';
import { fullName } from '../../../shared/api/players.ts';
import { apiErrorMessage } from '../../../shared/lib/error-message.ts';
import { FIELD_ROLES } from '../../../shared/lib/roles.ts';
import { Field, Notice, SelectField } from '../../../shared/ui/index.tsx';
import type { Placement } from '../api/add-team-player.ts';
import { useFreeNumber } from '../api/get-team-free-number.ts';
import { rosterMessages as m } from '../messages.ts';


/** The number typed: undefined when empty (the server gives the lowest free one), null when not 1–99. */
function validNumber(raw: string): number | undefined | null {
  if (raw.trim() === '') return undefined;
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 && n <= 99 ? n : null;
}

interface Props {
  teamId: string;
  /** The user's players that may go on the team (those on it already are left out by the caller). */
  players: Player[];
  withRole: boolean;
  submitLabel: string;
  sendingLabel: string;
  failedMessage: string;
  onSubmit(placement: Placement, player: Player): Promise<void>;
  /** More buttons beside the submit one (declining an invitation). */
  actions?: ReactNode;
}

export function PlacementForm({ teamId, players, withRole, submitLabel, sendingLabel, failedMessage, onSubmit, actions }: Props) {
  const free = useFreeNumber(teamId);
  // Nothing is chosen for the user: the button waits for a player (the spec's rule), even when there is one.
  const [playerId, setPlayerId] = useState('');
  const [number, setNumber] = useState('');
  const [role, setRole] = useState(0);
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const player = players.find((p) => p.id === playerId);
    const n = validNumber(number);
    if (!player) return;
    if (n === null) {
      setError(m.numberRange);
      return;
    }
    setError(undefined);
    setSending(true);
    try {
      await onSubmit({ player_id: player.id, number: n, ...(withRole && role ? { field_role: role } : {}) }, player);
    } catch (err) {
      setError(apiErrorMessage(err, failedMessage));
      setSending(false);
    }
  }

  const suggested = free.data?.number;
  return (
    <form className="placement-form" onSubmit={submit} noValidate>
      <div className="choice-list" role="radiogroup" aria-labelledby="join-player-label">
        <span id="join-player-label" className="field-label">{m.choosePlayer}</span>
        {players.map((p) => (
          <label key={p.id} className={playerId === p.id ? 'choice selected' : 'choice'}>
            <input type="radio" name="player" value={p.id} checked={playerId === p.id} onChange={() => setPlayerId(p.id)} />
            <img src={playerPhoto(p.avatar_id)} alt="" width={40} height={40} />
            <span className="choice-name">{fullName(p)}</span>
          </label>
        ))}
      </div>
      <div className="placement-fields">
        <Field
          label={m.shirtNumber}
          name="number"
          type="number"
          inputMode="numeric"
          min={1}
          max={99}
          value={number}
          placeholder={suggested ? String(suggested) : undefined}
          hint={free.data ? (suggested ? m.suggested(suggested) : m.allTaken) : undefined}
          onChange={(e) => setNumber(e.target.value)}
        />
        {withRole && (
          <SelectField label={m.fieldRoleLabel} name="field_role" value={role} onChange={(e) => setRole(Number(e.target.value))}>
            {Object.entries(FIELD_ROLES).map(([v, label]) => <option key={v} value={v}>{label}</option>)}
          </SelectField>
        )}
      </div>
      {error && <Notice kind="error">{error}</Notice>}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={!playerId || sending}>{sending ? sendingLabel : submitLabel}</button>
        {actions}
      </div>
    </form>
  );
}
