// get_metrics_dashboard: page views over a period and the most frequent pages, browsers and screens.
import { useQuery } from '@tanstack/react-query';
import type { MetricsPeriod } from '@tribuna/portal/types';
import { rpc } from '../../../lib/nakama/rpc.ts';

export type { MetricsDashboard, MetricsPeriod } from '@tribuna/portal/types';

export const useMetricsDashboard = (period: MetricsPeriod, enabled: boolean) =>
  useQuery({ queryKey: ['metrics-dashboard', period], queryFn: () => rpc('get_metrics_dashboard', { period, limit: 10 }), enabled });
