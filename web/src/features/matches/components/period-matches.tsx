// Upcoming or past matches (of all teams, or of one), chosen by two buttons and kept in the address
// (?period=past; upcoming without it), each list loading on as it is scrolled.
import { useAddressParams } from '../../../shared/lib/use-address-params.ts';
import { ToggleButton } from '../../../shared/ui/index.tsx';
import type { MatchPeriod } from '../keys.ts';
import { matchMessages as m } from '../messages.ts';
import { MatchList } from './match-list.tsx';

const PERIODS: MatchPeriod[] = ['upcoming', 'past'];

export function PeriodMatches({ teamId }: { teamId?: string }) {
  const [params, setParam] = useAddressParams();
  const period: MatchPeriod = params.get('period') === 'past' ? 'past' : 'upcoming';
  const empty = teamId ? m.teamEmpty : m.empty;
  return (
    <>
      <div className="filter-bar" role="group" aria-label={m.periodsLabel}>
        {PERIODS.map((p) => (
          <ToggleButton key={p} pressed={period === p} onClick={() => setParam('period', p === 'past' ? 'past' : undefined)}>
            {m.periodButtons[p]}
          </ToggleButton>
        ))}
      </div>
      <MatchList key={period} filter={{ period, teamId }} label={m.periods[period]} empty={empty[period]} />
    </>
  );
}
