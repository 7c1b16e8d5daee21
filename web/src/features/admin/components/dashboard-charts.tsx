// The dashboard's charts (chart.js, loaded with the /admin page only): views over time, top pages,
// browsers and screen sizes. Each chart has its numbers in a table too, for screen readers.
import {
  ArcElement, BarElement, CategoryScale, Chart as ChartJS, Filler, Legend, LinearScale, LineElement, PointElement, Tooltip,
} from 'chart.js';
import { Bar, Doughnut, Line } from 'react-chartjs-2';
import { useId } from 'react';
import type { MetricsDashboard } from '../api/get-metrics-dashboard.ts';
import { bucketLabel, pageLabel } from '../dashboard.ts';
import { adminMessages as m } from '../messages.ts';
import { formatNumber } from '../../../shared/i18n/number.ts';

ChartJS.register(ArcElement, BarElement, CategoryScale, Filler, Legend, LinearScale, LineElement, PointElement, Tooltip);
ChartJS.defaults.font.family = 'inherit';
ChartJS.defaults.locale = 'ru-RU';

const GREEN = '#1f7a55';
const PALETTE = ['#1f7a55', '#3b82f6', '#e0a100', '#c2410c', '#7c3aed', '#0891b2', '#be185d', '#65a30d', '#64748b', '#a16207'];

function DataTable({ caption, rows }: { caption: string; rows: [string, number][] }) {
  return (
    <table className="visually-hidden">
      <caption>{caption}</caption>
      <thead>
        <tr><th scope="col">{m.value}</th><th scope="col">{m.count}</th></tr>
      </thead>
      <tbody>
        {rows.map(([k, v]) => (
          <tr key={k}><td>{k}</td><td>{v}</td></tr>
        ))}
      </tbody>
    </table>
  );
}

function ChartCard({ title, rows, children, wide }: { title: string; rows: [string, number][]; children: React.ReactNode; wide?: boolean }) {
  const id = useId();
  return (
    <section className={wide ? 'card admin-chart admin-chart-wide' : 'card admin-chart'} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {rows.length === 0 ? (
        <p className="muted">{m.empty}</p>
      ) : (
        <>
          <div className="admin-chart-canvas" role="img" aria-label={m.chartNote(title)}>{children}</div>
          <DataTable caption={title} rows={rows} />
        </>
      )}
    </section>
  );
}

const commonOptions = { responsive: true, maintainAspectRatio: false, animation: false } as const;

export function DashboardCharts({ data }: { data: MetricsDashboard }) {
  const views: [string, number][] = data.views.map((v) => [bucketLabel(data.period, v.time), v.count]);
  const pages: [string, number][] = data.pages.map((p) => [pageLabel(p.page), p.count]);
  const browsers: [string, number][] = data.browsers.map((b) => [b.browser, b.count]);
  const screens: [string, number][] = data.resolutions.map((r) => [r.resolution, r.count]);
  return (
    <div className="admin-charts">
      <ChartCard title={`${m.views} · ${formatNumber(data.total)}`} rows={data.total ? views : []} wide>
        <Line
          options={{ ...commonOptions, plugins: { legend: { display: false } }, scales: { y: { beginAtZero: true, ticks: { precision: 0 } } } }}
          data={{
            labels: views.map(([k]) => k),
            datasets: [{ label: m.count, data: views.map(([, v]) => v), borderColor: GREEN, backgroundColor: 'rgba(31, 122, 85, 0.15)', fill: true, tension: 0.25, pointRadius: 2 }],
          }}
        />
      </ChartCard>
      <ChartCard title={m.pages} rows={pages} wide>
        <Bar
          options={{ ...commonOptions, indexAxis: 'y', plugins: { legend: { display: false } }, scales: { x: { beginAtZero: true, ticks: { precision: 0 } } } }}
          data={{ labels: pages.map(([k]) => k), datasets: [{ label: m.count, data: pages.map(([, v]) => v), backgroundColor: GREEN }] }}
        />
      </ChartCard>
      <ChartCard title={m.browsers} rows={browsers}>
        <Doughnut
          options={{ ...commonOptions, plugins: { legend: { position: 'bottom' } } }}
          data={{ labels: browsers.map(([k]) => k), datasets: [{ label: m.count, data: browsers.map(([, v]) => v), backgroundColor: PALETTE }] }}
        />
      </ChartCard>
      <ChartCard title={m.resolutions} rows={screens}>
        <Bar
          options={{ ...commonOptions, plugins: { legend: { display: false } }, scales: { y: { beginAtZero: true, ticks: { precision: 0 } } } }}
          data={{ labels: screens.map(([k]) => k), datasets: [{ label: m.count, data: screens.map(([, v]) => v), backgroundColor: PALETTE }] }}
        />
      </ChartCard>
    </div>
  );
}
