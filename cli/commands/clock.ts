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
  const body = await callTestbed<{ now: string; notSynced: { task: string; message: string }[] }>('/clock/advance', { body: { duration, tenant: opts.tenant } });
  const unread = body.notSynced.map((f) => `\nSin leer de las plataformas (${f.task}; se reintenta): ${f.message}`).join('');
  print(opts, body, `${whose(opts.tenant)}: ${cdmxTime(body.now)}${unread}`);
}
