// /matches: upcoming matches soonest first or, one click away, past ones newest first, loading on as the
// list is scrolled; signed-in users create one.
import { ListHead } from '../../../shared/ui/list-head.tsx';
import { PeriodMatches } from '../components/period-matches.tsx';
import { matchMessages as m } from '../messages.ts';
import '../matches.css';

export function Component() {
  return (
    <section className="page matches-page">
      <ListHead title={m.listTitle} createTo="/matches/create" createLabel={m.create} />
      <PeriodMatches />
    </section>
  );
}
