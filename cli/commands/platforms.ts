import type { PlatformViewAnswer } from '../../server/platforms/view.ts';
import type { RecordLabel, RecordLabels } from '../../server/tenants/record-labels.ts';
import { cdmxTime } from '../../server/lib/human-text.ts';
import { PLATFORMS } from '../lib/platforms.ts';
import { callTestbed } from '../environment.ts';
import { table } from '../lib/table.ts';
import { CliError, print, type OutputOptions } from '../output.ts';

type Labeller = Pick<RecordLabels, 'vehicle' | 'driver'>;
const NO_LABELS: Labeller = { vehicle: () => null, driver: () => null };

/** `Flota Norte (0b8e2c1a)`: the name people know, and enough of the id to tell two of a name apart. */
const tenantCell = (label: RecordLabel | null) => (label ? `${label.tenantName} (${label.tenantId.slice(0, 8)})` : '—');

/** The human form of a platform view: three sections, each a table (with the tenant, plate and name) or a line saying it is empty. */
export function describeView(platform: string, view: PlatformViewAnswer, labels: Labeller = NO_LABELS): string {
  const section = (title: string, header: string[], rows: string[][]) =>
    `${title} (${rows.length})\n${rows.length === 0 ? '  ninguno' : table(header, rows)}`;
  const vehicles = view.vehicles.map((v) => {
    const label = labels.vehicle(v.vehicleId);
    return [v.vehicleId, label?.label ?? '—', tenantCell(label), v.status];
  });
  const drivers = view.drivers.map((d) => {
    const label = labels.driver(d.driverId);
    return [d.driverId, label?.label ?? '—', tenantCell(label), d.status];
  });
  const bindings = view.bindings.map((b) => {
    const vehicle = labels.vehicle(b.vehicleId);
    const driver = labels.driver(b.driverId);
    return [vehicle?.label ?? b.vehicleId, driver?.label ?? b.driverId, tenantCell(vehicle ?? driver), cdmxTime(b.boundAt)];
  });
  return [
    `Lo que ${platform} tiene ahora:`,
    section('Vehículos', ['VEHÍCULO', 'PLACA', 'TENANT', 'ESTADO'], vehicles),
    section('Conductores', ['CONDUCTOR', 'NOMBRE', 'TENANT', 'ESTADO'], drivers),
    section('Vínculos', ['VEHÍCULO', 'CONDUCTOR', 'TENANT', 'DESDE'], bindings),
  ].join('\n\n');
}

export async function showPlatform(platform: string, opts: OutputOptions & { tenant?: string }): Promise<void> {
  if (!(PLATFORMS as readonly string[]).includes(platform)) throw new CliError(`plataforma desconocida: ${platform} (usa platform_a o platform_b)`);
  const query = opts.tenant === undefined ? '' : `?tenant=${encodeURIComponent(opts.tenant)}`;
  const view = await callTestbed<PlatformViewAnswer>(`/platforms/${platform}${query}`);
  if (opts.json) return print(opts, view, '');
  // Loaded only for the human form: the database layer is not needed for --json.
  const { withRecordLabels } = await import('../lib/record-labels.ts');
  print(opts, view, withRecordLabels((labels) => describeView(platform, view, labels ?? NO_LABELS)));
}
