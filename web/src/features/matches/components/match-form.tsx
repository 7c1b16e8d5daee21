// The fields of a match, for creating and editing: the home and the guest team (each found by a search)
// and the date and time, checked before they are sent (a new match's time not in the past).
import { useState, type FormEvent, type ReactNode } from 'react';
import type { TeamSummary } from '@tribuna/portal/types';
import { toLocalInput } from '../../../shared/i18n/format.ts';
import { Field } from '../../../shared/ui/index.tsx';
import { minuteOf, validateMatch, type MatchErrors } from '../match-form.ts';
import { matchMessages as m } from '../messages.ts';
import { TeamPicker } from './team-picker.tsx';

export interface MatchValues {
  home?: TeamSummary;
  guest?: TeamSummary;
  /** A datetime-local value, or ''. */
  time: string;
}

/** What a valid form gives: both teams and the time as an ISO string. */
interface MatchInput {
  home: TeamSummary;
  guest: TeamSummary;
  matchTime: string;
}

interface Props {
  initial: MatchValues;
  /** A new match: its time may not be in the past. */
  future?: boolean;
  /** Notices under the fields (success, failure). */
  status?: ReactNode;
  /** The buttons under the fields. */
  actions: ReactNode;
  onSubmit(values: MatchInput): void;
}

export function MatchForm({ initial, future = false, status, actions, onSubmit }: Props) {
  const [home, setHome] = useState(initial.home);
  const [guest, setGuest] = useState(initial.guest);
  const [time, setTime] = useState(initial.time);
  const [errors, setErrors] = useState<MatchErrors>({});

  function submit(e: FormEvent) {
    e.preventDefault();
    const found = validateMatch(home, guest, time, future ? new Date() : undefined);
    setErrors(found);
    if (Object.keys(found).length || !home || !guest) return;
    onSubmit({ home, guest, matchTime: new Date(time).toISOString() });
  }

  return (
    <form className="form-grid match-form" onSubmit={submit} noValidate>
      <TeamPicker legend={m.homeTeam} name="home" value={home} taken={guest?.id} error={errors.home} onChange={setHome} />
      <TeamPicker legend={m.guestTeam} name="guest" value={guest} taken={home?.id} error={errors.guest} onChange={setGuest} />
      <Field
        label={m.matchTime}
        name="match_time"
        type="datetime-local"
        min={future ? toLocalInput(minuteOf(new Date()).toISOString()) : undefined}
        value={time}
        error={errors.time}
        onChange={(e) => setTime(e.target.value)}
      />
      {status}
      <div className="form-actions">{actions}</div>
    </form>
  );
}
