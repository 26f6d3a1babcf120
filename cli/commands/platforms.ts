import type { PlatformViewAnswer } from '../../server/testbed/platforms.ts';
import { PLATFORMS } from '../lib/platforms.ts';
import { callTestbed } from '../environment.ts';
import { CliError, print, type OutputOptions } from '../output.ts';

/** Rows under a header, each column as wide as its widest cell. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join('  ').trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}

/** The human form of a platform view: three sections, each a table or a line saying it is empty. */
export function describeView(platform: string, view: PlatformViewAnswer): string {
  const section = (title: string, header: string[], rows: string[][]) =>
    `${title} (${rows.length})\n${rows.length === 0 ? '  ninguno' : table(header, rows)}`;
  return [
    `Lo que ${platform} tiene ahora:`,
    section('Vehículos', ['VEHÍCULO', 'ESTADO'], view.vehicles.map((v) => [v.vehicleId, v.status])),
    section('Conductores', ['CONDUCTOR', 'ESTADO'], view.drivers.map((d) => [d.driverId, d.status])),
    section('Vínculos', ['VEHÍCULO', 'CONDUCTOR', 'DESDE'], view.bindings.map((b) => [b.vehicleId, b.driverId, b.boundAt])),
  ].join('\n\n');
}

export async function showPlatform(platform: string, opts: OutputOptions & { tenant?: string }): Promise<void> {
  if (!(PLATFORMS as readonly string[]).includes(platform)) throw new CliError(`plataforma desconocida: ${platform} (usa platform_a o platform_b)`);
  const query = opts.tenant === undefined ? '' : `?tenant=${encodeURIComponent(opts.tenant)}`;
  const view = await callTestbed<PlatformViewAnswer>(`/platforms/${platform}${query}`);
  print(opts, view, describeView(platform, view));
}
