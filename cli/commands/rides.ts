import cliProgress from 'cli-progress';
import { addDaysUpTo, addDaysWithin, daysBetween, isCalendarDate } from '../../server/lib/mexico-city.ts';
import { addCounts, emptyCounts, type PlatformGenerated } from '../../server/ingestion/generated-counts.ts';
import { callTestbed, type StateSeen } from '../environment.ts';
import { PLATFORMS } from '../lib/platforms.ts';
import { CliError, print, type OutputOptions } from '../output.ts';

/**
 * Days per call: a long window goes in steps, so the bar moves and no call holds the server long.
 * Four weeks: the server works through a call in 14-day chunks, producing the next chunk while it
 * ingests the current one (server/rides/testbed.ts), which a call of one chunk could not overlap.
 */
export const CHUNK_DAYS = 28;

type Totals = Record<(typeof PLATFORMS)[number], PlatformGenerated>;
interface Answer {
  /** The last day generated: `to`, or today when the window went past it. */
  generatedTo: string;
  platforms: Totals;
}
interface Options extends OutputOptions {
  tenant: string;
  from: string;
  to: string;
}

function checkWindow(opts: Options): void {
  for (const field of ['from', 'to'] as const) {
    if (!isCalendarDate(opts[field])) throw new CliError(`--${field} debe ser una fecha YYYY-MM-DD válida (recibido: ${opts[field]})`);
  }
  if (opts.from > opts.to) throw new CliError('--from no puede ser posterior a --to');
}

function add(into: Totals, chunk: Totals): void {
  for (const p of PLATFORMS) into[p] = addCounts(into[p], chunk[p]);
}

/**
 * Calls the running serve one chunk at a time; the bar (stderr, human mode only) counts days. The
 * serve stops a chunk at today (and refuses a window after it), so the first chunk cut short ends it.
 */
async function generate(opts: Options): Promise<{ platforms: Totals; generatedTo: string }> {
  const totals: Totals = { platform_a: emptyCounts(), platform_b: emptyCounts() };
  let generatedTo = opts.to;
  const bar = opts.json ? null : new cliProgress.SingleBar(
    { stream: process.stderr, format: 'Viajes [{bar}] {value}/{total} días | platform_a {a} | platform_b {b}' },
    cliProgress.Presets.shades_classic,
  );
  const days = daysBetween(opts.from, opts.to) + 1;
  // Every chunk on the state the first one saw: a reset, a whole restore or a restore of this world
  // meanwhile fails the command (409), never leaves a hole.
  const state: StateSeen = {};
  bar?.start(days, 0, { a: 0, b: 0 });
  try {
    for (let from: string | null = opts.from; from !== null; from = addDaysWithin(from, CHUNK_DAYS, opts.to)) {
      const to = addDaysUpTo(from, CHUNK_DAYS - 1, opts.to);
      const answer = await callTestbed<Answer>('/rides/generate', { body: { tenantId: opts.tenant, from, to }, state });
      add(totals, answer.platforms);
      bar?.update(daysBetween(opts.from, to) + 1, { a: totals.platform_a.rides, b: totals.platform_b.rides });
      if (answer.generatedTo < to) {
        generatedTo = answer.generatedTo;
        break;
      }
    }
  } finally {
    bar?.stop();
  }
  return { platforms: totals, generatedTo };
}

/** "0 nuevos" alone read as a fault: rides read again from days generated before are said to be so. */
const line = (t: PlatformGenerated) => {
  const made = t.rides > 0 && t.generatedRides === 0 ? '0 nuevos: esos días ya se habían generado, se leyeron de nuevo' : `${t.generatedRides} nuevos`;
  return `${t.rides} viajes (${made}), ${t.dailyEarnings} filas de ganancias diarias`;
};

export function ridesReport(window: { tenant: string; from: string; to: string }, generatedTo: string, platforms: Totals): string {
  const cut = generatedTo < window.to ? `\n  (los días después de hoy, ${generatedTo}, aún no han ocurrido: se generó hasta hoy)` : '';
  return `Viajes de ${window.tenant} del ${window.from} al ${generatedTo}:\n` +
    PLATFORMS.map((p) => `  ${p}: ${line(platforms[p])}`).join('\n') + cut;
}

export async function generateRides(opts: Options): Promise<void> {
  checkWindow(opts);
  const { platforms, generatedTo } = await generate(opts);
  print(opts, { tenantId: opts.tenant, from: opts.from, to: opts.to, generatedTo, platforms }, ridesReport(opts, generatedTo, platforms));
}
