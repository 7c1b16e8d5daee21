// The tournament's fields, the same on create and edit: cover, title, description, start date, type and
// participation. The start date is a calendar day, sent as the start of that day with the user's UTC offset:
// the server compares a new tournament's day with the user's today at that offset, as the form does.
import { useState, type FormEvent, type ReactNode } from 'react';
import { TEXT_LIMITS } from '@tribuna/portal/text-limits';
import { parseTournamentType, TOURNAMENT_ACCESS, TOURNAMENT_TYPES, type Tournament, type TournamentType } from '../../../shared/api/tournaments.ts';
import { Field, SelectField, TextAreaField } from '../../../shared/ui/index.tsx';
import { ImageUpload } from '../../../shared/ui/image-upload.tsx';
import { tournamentMessages as m } from '../messages.ts';

export interface TournamentValues {
  title: string;
  description: string;
  image_url?: string;
  tournament_type: TournamentType;
  access: Tournament['access'];
  /** yyyy-MM-dd, or '' when not chosen. */
  start_date: string;
}


const pad = (n: number) => String(n).padStart(2, '0');

/** The calendar day (local) of an instant, for a date input. */
export function toDateInput(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The start (local midnight) of a date input's day, written with the local UTC offset: 2026-05-01T00:00:00+03:00. */
export function fromDateInput(day: string): string {
  const [y, mo, d] = day.split('-').map(Number);
  const east = -new Date(y, mo - 1, d).getTimezoneOffset();
  const abs = Math.abs(east);
  return `${day}T00:00:00${east < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

export const valuesOf = (t: Tournament): TournamentValues => ({
  title: t.title,
  description: t.description,
  image_url: t.image_url,
  tournament_type: parseTournamentType(String(t.tournament_type)) ?? 0,
  access: t.access,
  start_date: toDateInput(t.start_time),
});

export const EMPTY_VALUES: TournamentValues = { title: '', description: '', tournament_type: 0, access: 'open', start_date: '' };

interface Errors {
  title?: string;
  start_date?: string;
}

/**
 * What is missing: the title always, the start date where it is required (create); with `today` (create,
 * yyyy-MM-dd) a start before it is refused, as the server does. An edit may move the start anywhere.
 * @internal
 */
export function validate(v: TournamentValues, startRequired: boolean, today?: string): Errors {
  const errors: Errors = {};
  if (!v.title.trim()) errors.title = m.titleRequired;
  if (startRequired && !v.start_date) errors.start_date = m.startRequired;
  else if (today && v.start_date && v.start_date < today) errors.start_date = m.startInPast;
  return errors;
}

interface Props {
  initial: TournamentValues;
  startRequired: boolean;
  /** A new tournament: its start may not be before today. */
  future?: boolean;
  /** Called with the checked values; the form shows nothing of the result itself. */
  onSubmit(values: TournamentValues): void;
  /** The messages and the buttons under the fields. */
  children: ReactNode;
}

export function TournamentForm({ initial, startRequired, future = false, onSubmit, children }: Props) {
  const [v, setV] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const set = <K extends keyof TournamentValues>(key: K, value: TournamentValues[K]) => setV((old) => ({ ...old, [key]: value }));

  function submit(e: FormEvent) {
    e.preventDefault();
    const found = validate(v, startRequired, future ? toDateInput(new Date().toISOString()) : undefined);
    setErrors(found);
    if (Object.keys(found).length) return;
    onSubmit({ ...v, title: v.title.trim(), description: v.description.trim() });
  }

  return (
    <form className="form-grid" onSubmit={submit} noValidate>
      <ImageUpload label={m.cover} value={v.image_url} shape="wide" placeholder="/images/default-tournament.svg" failedMessage={m.coverFailed} onUploaded={(id) => set('image_url', id)} />
      <Field label={m.title} name="title" required limit={TEXT_LIMITS.tournamentTitle} value={v.title} error={errors.title} onChange={(e) => set('title', e.target.value)} />
      <Field label={m.startDate} name="start_date" type="date" required={startRequired} min={future ? toDateInput(new Date().toISOString()) : undefined} value={v.start_date} error={errors.start_date} onChange={(e) => set('start_date', e.target.value)} />
      <SelectField label={m.type} name="tournament_type" value={v.tournament_type} onChange={(e) => set('tournament_type', parseTournamentType(e.target.value) ?? 0)}>
        {Object.entries(TOURNAMENT_TYPES).map(([value, label]) => <option key={value} value={value}>{label}</option>)}
      </SelectField>
      <SelectField label={m.access} name="access" hint={m.accessHint} value={v.access} onChange={(e) => set('access', e.target.value as Tournament['access'])}>
        {Object.entries(TOURNAMENT_ACCESS).map(([value, label]) => <option key={value} value={value}>{label}</option>)}
      </SelectField>
      <TextAreaField label={m.description} name="description" limit={TEXT_LIMITS.tournamentDescription} value={v.description} onChange={(e) => set('description', e.target.value)} />
      {children}
    </form>
  );
}
