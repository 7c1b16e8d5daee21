// Choosing a team for a match: a search by the start of the name (list_teams), the teams found as radio
// buttons, the chosen one kept while the search changes.
import { useDeferredValue, useState } from 'react';
import type { Team, TeamSummary } from '@tribuna/portal/types';
import { TEXT_LIMITS } from '@tribuna/portal/text-limits';
import { TextControl } from '../../../shared/ui/index.tsx';
import { useSearchTeams } from '../api/search-teams.ts';
import { teamAvatar } from './match-card.tsx';
import { matchMessages as m } from '../messages.ts';

interface Props {
  legend: string;
  name: string;
  value?: TeamSummary;
  onChange(team: TeamSummary): void;
  /** The other side's team: shown, but not to be chosen again. */
  taken?: string;
  error?: string;
}

export function TeamPicker({ legend, name, value, onChange, taken, error }: Props) {
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim());
  const q = useSearchTeams(deferred);
  const found: Team[] = q.data?.teams ?? [];
  // The chosen team stays in the list even when the search no longer finds it.
  const shown: TeamSummary[] = value && !found.some((t) => t.id === value.id) ? [value, ...found] : found;
  const searchId = `${name}-search`;
  return (
    <fieldset className="team-picker" aria-invalid={error ? true : undefined} aria-describedby={error ? `${name}-error` : undefined}>
      <legend>{legend}</legend>
      <div className="field">
        <label htmlFor={searchId}>{m.search}</label>
        <TextControl id={searchId} type="search" value={search} placeholder={m.searchPlaceholder} autoComplete="off" limit={TEXT_LIMITS.teamName} counter="near" onChange={(e) => setSearch(e.target.value)} />
      </div>
      {q.isError ? (
        <p className="muted">{m.teamsFailed}</p>
      ) : q.isSuccess && !shown.length ? (
        <p className="muted">{m.noTeams}</p>
      ) : (
        <ul className="team-options">
          {shown.map((t) => (
            <li key={t.id}>
              <label className={value?.id === t.id ? 'team-option chosen' : 'team-option'}>
                <input type="radio" name={name} value={t.id} checked={value?.id === t.id} disabled={taken === t.id} onChange={() => onChange({ id: t.id, name: t.name, description: t.description, avatar_id: t.avatar_id })} />
                <img src={teamAvatar(t)} alt="" width={32} height={32} />
                <span className="team-option-name">{t.name}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {error && <small id={`${name}-error`} className="field-error" role="alert">{error}</small>}
    </fieldset>
  );
}
