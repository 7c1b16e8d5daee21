// /admin: the site's visits for administrators (the server says who, get_admin_state); anyone else sees
// that the page is not for them and no dashboard. The charts load with this page only.
import { useState } from 'react';
import { Link } from '../../../lib/router/index.tsx';
import { useAdminState } from '../../../shared/api/admin.ts';
import { withReturn } from '../../../shared/lib/return-to.ts';
import { ErrorState, Notice, PageTitle, Spinner, ToggleButton } from '../../../shared/ui/index.tsx';
import { useAuthenticated } from '../../../stores/session.ts';
import { useMetricsDashboard, type MetricsPeriod } from '../api/get-metrics-dashboard.ts';
import { DashboardCharts } from '../components/dashboard-charts.tsx';
import { adminMessages as m } from '../messages.ts';
import '../admin.css';

const PERIODS: MetricsPeriod[] = ['day', 'week', 'month'];

function NoAccess({ signedIn }: { signedIn: boolean }) {
  return (
    <section className="page narrow stack">
      <PageTitle>{m.noAccessTitle}</PageTitle>
      <Notice kind="error">{m.noAccess}</Notice>
      {!signedIn && <p>{m.signIn}</p>}
      <div className="row">
        {!signedIn && <Link className="btn btn-primary" to={withReturn('/login', '/admin')}>{m.toLogin}</Link>}
        <Link className="btn btn-ghost" to="/">{m.toHome}</Link>
      </div>
    </section>
  );
}

export function Component() {
  const authenticated = useAuthenticated();
  const admin = useAdminState(authenticated);
  const [period, setPeriod] = useState<MetricsPeriod>('week');
  const dashboard = useMetricsDashboard(period, admin.data === true);
  if (!authenticated) return <NoAccess signedIn={false} />;
  if (admin.isPending) return <Spinner />;
  if (admin.isError) return <ErrorState onRetry={() => void admin.refetch()}>{m.checkFailed}</ErrorState>;
  if (!admin.data) return <NoAccess signedIn />;
  return (
    <section className="page admin-page stack">
      <PageTitle>{m.title}</PageTitle>
      <div className="page-head">
        <p className="muted">{m.lead}</p>
        <div className="row admin-periods" role="group" aria-label={m.period}>
          {PERIODS.map((p) => (
            <ToggleButton key={p} pressed={p === period} onClick={() => setPeriod(p)}>{m.periods[p]}</ToggleButton>
          ))}
        </div>
      </div>
      {dashboard.isPending ? (
        <Spinner />
      ) : dashboard.isError ? (
        <ErrorState onRetry={() => void dashboard.refetch()}>{m.loadFailed}</ErrorState>
      ) : (
        <DashboardCharts data={dashboard.data} />
      )}
    </section>
  );
}
