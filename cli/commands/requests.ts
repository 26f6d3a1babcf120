import type { JournalEntry } from '../../server/journal/view.ts';
import { cdmxTime } from '../../server/lib/human-text.ts';
import { callTestbed } from '../environment.ts';
import { inOptionNames } from '../lib/option-names.ts';
import { fail, printJson, useJsonLines, type OutputOptions } from '../output.ts';
import { fileProblem, writeProblem } from '../lib/file-errors.ts';
import { writeFileSync } from 'node:fs';
import { worldPath } from '../lib/control-path.ts';

/**
 * The filters of the control API's journal list (server/journal/filter.ts) besides `limit`, by their
 * names there: commander reads `--starting-after` as startingAfter. Passed through as given, so the
 * testbed checks them with its own messages; test/unit/cli-requests-filters.test.ts keeps this list
 * whole (the command loads no zod, so it cannot read the schema).
 */
export const FILTERS = ['method', 'path', 'operation', 'status', 'startingAfter'] as const;

interface RequestsOptions extends OutputOptions, Partial<Record<(typeof FILTERS)[number], string>> {
  tenant: string;
  /** Unset: the testbed's default page (25). */
  limit?: string;
  follow?: boolean;
  har?: string;
}

/** The HAR export's filters: the list's, without its paging (it holds every matching entry). */
const HAR_FILTERS = ['method', 'path', 'operation', 'status'] as const;

/**
 * `--har FILE`: every matching entry, oldest first, as HAR 1.2 (GET /_testbed/tenants/{id}/requests.har),
 * written to FILE, or to stdout with `-`, for a browser's devtools (Network → Import HAR).
 */
async function exportHar(opts: RequestsOptions, file: string): Promise<void> {
  if (opts.follow || opts.startingAfter !== undefined || opts.limit !== undefined) {
    fail('--har exporta todas las que cumplen el filtro: no se combina con --limit, --follow ni --starting-after');
  }
  const problem = file === '-' ? null : writeProblem(file);
  if (problem) fail(`no se podrá escribir ${file}: ${problem}`);
  const params = new URLSearchParams();
  for (const name of HAR_FILTERS) if (opts[name] !== undefined) params.set(name, opts[name]);
  const har = await inOptionNames(HAR_FILTERS, () => callTestbed<{ log: { entries: unknown[] } }>(`${worldPath(opts.tenant)}/requests.har${params.size ? `?${params}` : ''}`));
  const text = `${JSON.stringify(har, null, 2)}\n`;
  if (file === '-') return void process.stdout.write(text);
  try {
    writeFileSync(file, text);
  } catch (err) {
    fail(`no se pudo escribir ${file}: ${fileProblem(err, 'write')}`);
  }
  const written = { file, entries: har.log.entries.length };
  if (opts.json) printJson(written);
  else process.stdout.write(`${written.entries === 1 ? '1 solicitud' : `${written.entries} solicitudes`} en ${file} (HAR 1.2: en las herramientas del navegador, Red → Importar HAR)\n`);
}

/** Real time between two reads of the journal while following: a poll, not a simulated delay. */
const FOLLOW_POLL_MS = 500;
/** What one poll reads at most: more new requests than this between two polls are shown from the newest 100. */
const FOLLOW_PAGE = 100;

const HEADER = `${'HORA DEL MUNDO'.padEnd(24)}  ${'MÉTODO'.padEnd(6)}  EST  ${'MS'.padStart(5)}  RUTA → OPERACIÓN`;

/** One compact line; fixed widths, so the lines --follow adds later line up with the first ones. */
export function requestLine(e: JournalEntry): string {
  const fault = e.fault ? `  [falla ${e.fault}]` : '';
  const query = Object.keys(e.query).length ? '?…' : '';
  return `${cdmxTime(e.at).padEnd(24)}  ${e.method.padEnd(6)}  ${String(e.status ?? '—').padEnd(3)}  ${String(e.durationMs).padStart(5)}  ${e.path}${query} → ${e.operation ?? 'sin operación'}${fault}`;
}

const seqOf = (entry: JournalEntry) => Number(entry.id.slice(3));

function journalPath(opts: RequestsOptions, limit = '25'): string {
  const params = new URLSearchParams({ limit });
  for (const name of FILTERS) if (opts[name] !== undefined) params.set(name, opts[name]);
  return `${worldPath(opts.tenant)}/requests?${params}`;
}

/** Oldest first on screen, as a log reads, so that --follow goes on downwards. */
function show(opts: RequestsOptions, entries: JournalEntry[]): void {
  for (const entry of [...entries].reverse()) process.stdout.write(`${opts.json ? JSON.stringify(entry) : requestLine(entry)}\n`);
}

/** What an empty page means: nothing older than the cursor, nothing that matches, or nothing at all. */
function emptyPage(opts: RequestsOptions): string {
  const filtered = FILTERS.some((name) => name !== 'startingAfter' && opts[name] !== undefined);
  if (opts.startingAfter !== undefined) return `No hay solicitudes${filtered ? ' que cumplan el filtro' : ''} más antiguas que ${opts.startingAfter}.`;
  return `Este mundo no tiene solicitudes${filtered ? ' que cumplan el filtro' : ' en su diario'}.`;
}

export async function showRequests(opts: RequestsOptions): Promise<void> {
  if (opts.har !== undefined) return exportHar(opts, opts.har);
  // Following reads the newest again and again; a page of older ones would never see a new one.
  if (opts.follow && opts.startingAfter !== undefined) {
    fail('--starting-after no se combina con --follow: --follow imprime las nuevas, --starting-after pagina hacia las más antiguas; usa una de las dos');
  }
  const first = await inOptionNames([...FILTERS, 'limit'], () => callTestbed<{ data: JournalEntry[]; hasMore: boolean }>(journalPath(opts, opts.limit)));
  if (opts.json && !opts.follow) return printJson(first);
  if (!opts.json) {
    if (first.data.length === 0 && !opts.follow) return void process.stdout.write(`${emptyPage(opts)}\n`);
    process.stdout.write(`${HEADER}\n`);
  }
  show(opts, first.data);
  if (!opts.json && first.hasMore && !opts.follow) {
    process.stdout.write(`(hay más antiguas: --starting-after ${first.data.at(-1)!.id} para la página siguiente, --limit hasta 100, o filtra)\n`);
  }
  if (opts.follow) await follow(opts, first.data[0] ? seqOf(first.data[0]) : 0);
}

/** Reads the newest requests again and again, printing those not seen yet, until the process is stopped. */
async function follow(opts: RequestsOptions, lastSeen: number): Promise<never> {
  // JSON Lines from here on: an error that ends the follow is one more line, not a pretty document.
  useJsonLines();
  let last = lastSeen;
  const stop = () => process.exit(0);
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, FOLLOW_POLL_MS));
    const page = await callTestbed<{ data: JournalEntry[] }>(journalPath(opts, String(FOLLOW_PAGE)));
    // Ids only grow within a journal; a smaller newest id means the testbed was reset or restored.
    if (page.data[0] && seqOf(page.data[0]) < last) last = 0;
    const fresh = page.data.filter((entry) => seqOf(entry) > last);
    if (fresh.length) last = seqOf(fresh[0]);
    show(opts, fresh);
  }
}
