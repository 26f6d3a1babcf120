import { PLATFORMS, type Platform } from '../common/schemas.ts';
import { ListDailyEarningsQuery } from '../earnings/schema.ts';
import { validation } from '../errors.ts';
import { UNSETTLED_DAYS } from '../ingestion/ingest.ts';
import { daysBetween, eachDay } from '../lib/mexico-city.ts';
import type { Dashboard } from './context.ts';
import { html, Html } from './html.ts';

/** The longest window a chart shows: beyond it the bars are too thin to read. */
export const MAX_CHART_DAYS = 92;

interface Day {
  trips: number;
  grossCents: number;
  netCents: number;
}

export interface EarningsSeries {
  days: string[];
  byPlatform: Record<Platform, Day[]>;
  /** platform_b days whose amounts may still change (late tips, adjustments: docs/rides.md). */
  provisional: boolean[];
}

const cents = (mxn: string | null): number => (mxn === null ? 0 : Math.round(Number(mxn) * 100));

/** A platform's daily rows of the window summed per day, read page by page through the earnings service. */
function dailyTotals(ctx: Dashboard, tenantId: string, platform: Platform, from: string, to: string): Map<string, Day> {
  const totals = new Map<string, Day>();
  let startingAfter: string | undefined;
  do {
    const query = ListDailyEarningsQuery.parse({ platform, from, to, limit: '100', ...(startingAfter && { startingAfter }) });
    const page = ctx.services.earnings.listDaily(tenantId, query);
    for (const row of page.data) {
      const day = totals.get(row.date) ?? { trips: 0, grossCents: 0, netCents: 0 };
      totals.set(row.date, { trips: day.trips + (row.trips ?? 0), grossCents: day.grossCents + cents(row.grossMxn), netCents: day.netCents + cents(row.netMxn) });
    }
    startingAfter = page.hasMore ? page.data[page.data.length - 1].id : undefined;
  } while (startingAfter);
  return totals;
}

/**
 * Trips, gross and net per day and platform over [from, to], the world's `today` marking which
 * platform_b days have not settled: a day's amounts are final from the start of its day + 17.
 */
export function earningsSeries(ctx: Dashboard, tenantId: string, from: string, to: string, today: string): EarningsSeries {
  ListDailyEarningsQuery.parse({ platform: 'platform_a', from, to }); // the API's own judgement of the two dates
  if (daysBetween(from, to) >= MAX_CHART_DAYS) {
    throw validation(`Las gráficas muestran hasta ${MAX_CHART_DAYS} días.`, [{ field: 'to', message: `como máximo ${MAX_CHART_DAYS} días` }]);
  }
  const days = eachDay(from, to);
  const empty = { trips: 0, grossCents: 0, netCents: 0 };
  const read = (p: Platform) => {
    const totals = dailyTotals(ctx, tenantId, p, from, to);
    return days.map((d) => totals.get(d) ?? empty);
  };
  const byPlatform = { platform_a: read('platform_a'), platform_b: read('platform_b') };
  return { days, byPlatform, provisional: days.map((d) => daysBetween(d, today) <= UNSETTLED_DAYS.platform_b) };
}

const COLORS = { platform_a: '#2563eb', platform_b: '#ea580c', provisional: 'rgba(234, 88, 12, 0.3)' };

/** A Chart.js configuration (pure JSON: the page script only hands it to Chart). */
function chartConfig(series: EarningsSeries, unit: string, value: (d: Day) => number) {
  const a = series.byPlatform.platform_a.map(value);
  const b = series.byPlatform.platform_b.map(value);
  return {
    type: 'bar',
    data: {
      labels: series.days,
      datasets: [
        { label: 'platform_a', data: a, backgroundColor: COLORS.platform_a, stack: 'a' },
        { label: 'platform_b', data: b.map((v, i) => (series.provisional[i] ? null : v)), backgroundColor: COLORS.platform_b, stack: 'b' },
        {
          label: 'platform_b (provisional)', data: b.map((v, i) => (series.provisional[i] ? v : null)),
          backgroundColor: COLORS.provisional, borderColor: COLORS.platform_b, borderWidth: 1, stack: 'b',
        },
      ],
    },
    options: {
      animation: false, responsive: true, maintainAspectRatio: false, locale: 'es-MX',
      scales: { x: { stacked: true }, y: { stacked: true, beginAtZero: true, title: { display: true, text: unit } } },
      plugins: { legend: { position: 'bottom' } },
    },
  };
}

/** JSON inside a script element: `<` escaped, so no value can close the element. */
const jsonIsland = (id: string, value: unknown): Html =>
  new Html(`<script type="application/json" id="${id}">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`);

const money = (c: number) => (c / 100).toFixed(2);

function dataTable(title: string, series: EarningsSeries, show: (d: Day) => string): Html {
  const rows = series.days.map((day, i) => html`<tr><td>${day}</td>
    <td class="numero">${show(series.byPlatform.platform_a[i])}</td>
    <td class="numero">${show(series.byPlatform.platform_b[i])}${series.provisional[i] ? ' (provisional)' : ''}</td></tr>`);
  return html`<details><summary>${title}: ver los datos como tabla</summary><div class="tabla"><table>
    <caption>${title} por día</caption>
    <thead><tr><th scope="col">Día</th><th scope="col" class="numero">platform_a</th><th scope="col" class="numero">platform_b</th></tr></thead>
    <tbody>${rows}</tbody></table></div></details>`;
}

const CHARTS: { id: string; title: string; unit: string; value: (d: Day) => number; show: (d: Day) => string }[] = [
  { id: 'viajes', title: 'Viajes completados', unit: 'viajes', value: (d) => d.trips, show: (d) => String(d.trips) },
  { id: 'bruto', title: 'Ingreso bruto (MXN)', unit: 'MXN', value: (d) => d.grossCents / 100, show: (d) => money(d.grossCents) },
  { id: 'neto', title: 'Ingreso neto del conductor (MXN)', unit: 'MXN', value: (d) => d.netCents / 100, show: (d) => money(d.netCents) },
];

/** The three charts of a window, each with its numbers as a table for screen readers. */
export function earningsCharts(series: EarningsSeries): Html {
  const anyData = PLATFORMS.some((p) => series.byPlatform[p].some((d) => d.trips > 0 || d.grossCents > 0));
  const charts = CHARTS.map((c) => html`<figure class="tarjeta">
    <h3>${c.title}</h3>
    <div class="grafica"><canvas data-chart="datos-${c.id}" role="img" aria-label="${c.title} por día y plataforma, del ${series.days[0]} al ${series.days[series.days.length - 1]}"></canvas></div>
    ${jsonIsland(`datos-${c.id}`, chartConfig(series, c.unit, c.value))}
    ${dataTable(c.title, series, c.show)}
  </figure>`);
  return html`${anyData ? null : html`<p class="vacio">No hay ganancias ingeridas en esta ventana: genera viajes o avanza el reloj.</p>`}
    <div class="rejilla graficas">${charts}</div>`;
}
