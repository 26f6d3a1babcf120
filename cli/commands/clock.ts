import { parseDuration } from '../../server/lib/clock.ts';
import { cdmxTime } from '../../server/lib/human-text.ts';
import { callTestbed } from '../environment.ts';
import { CliError, print, type OutputOptions } from '../output.ts';

export type ClockOptions = OutputOptions & { tenant?: string };

const whose = (tenant?: string) => (tenant ? `Reloj del tenant ${tenant}` : 'Reloj simulado');

export async function clockNow(opts: ClockOptions): Promise<void> {
  const query = opts.tenant === undefined ? '' : `?tenant=${encodeURIComponent(opts.tenant)}`;
  const body = await callTestbed<{ now: string }>(`/clock${query}`);
  print(opts, body, `${whose(opts.tenant)}: ${cdmxTime(body.now)}`);
}

export async function clockAdvance(duration: string, opts: ClockOptions): Promise<void> {
  if (parseDuration(duration) === null) throw new CliError(`duración no válida: ${duration} (ejemplos: 45m, 6h, 3d)`);
  const body = await callTestbed<Advanced>('/clock/advance', { body: { duration, tenant: opts.tenant } });
  print(opts, body, advancedLines(body, opts.tenant));
}

/** `notSynced` is absent from an older serve's answer (FLEET_URL may point at one). */
export type NotSyncedAnswer = { notSynced?: { task: string; tenant: string | null; message: string }[] };
type Advanced = { now: string } & NotSyncedAnswer;

/** A line for each part of the platforms' due work the API could not read (it is read again later), each on a line of its own. */
export const unreadLines = (body: NotSyncedAnswer): string =>
  (body.notSynced ?? []).map((f) => {
    const world = f.tenant === null ? 'todos los mundos' : `tenant ${f.tenant}`;
    return `\nSin leer de las plataformas (${world}, tarea ${f.task}; se reintenta en la próxima sincronización): ${f.message}`;
  }).join('');

/** The new time, then what the API could not read of it. */
export function advancedLines(body: Advanced, tenant?: string): string {
  return `${whose(tenant)}: ${cdmxTime(body.now)}${unreadLines(body)}`;
}
