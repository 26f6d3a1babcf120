import { callTestbed } from '../environment.ts';
import { CliError, print, type OutputOptions } from '../output.ts';
import { idSegment } from '../lib/control-path.ts';

const VERDICTS = ['approved', 'rejected'];

/**
 * Human lines read in Spanish; platform values (approved, bound…) are shown as values after a label.
 * A review says what platform_a stored, not what was asked: a rejected card rejects the registration
 * whatever the vehicle's verdict, and the line says so (as the dashboard does).
 */
export const reviewLine = (r: { vehicleId: string; verdict: string; card: string; status: string }) => {
  const stored = `Revisión del vehículo ${r.vehicleId} decidida — registro: ${r.status}; tarjeta: ${r.card}`;
  return r.verdict === r.status ? stored : `${stored} (se pidió vehículo: ${r.verdict}; la tarjeta decide el registro)`;
};
export const answerLine = (r: { driverId: string; status: string }, verb: string) =>
  `El conductor ${r.driverId} ${verb} la invitación — estado: ${r.status}`;

export async function review(vehicleId: string, opts: OutputOptions & { verdict: string; card?: string }): Promise<void> {
  if (!VERDICTS.includes(opts.verdict)) throw new CliError('--verdict debe ser approved o rejected');
  if (opts.card !== undefined && !VERDICTS.includes(opts.card)) throw new CliError('--card debe ser approved o rejected');
  const body = await callTestbed<{ vehicleId: string; verdict: string; card: string; status: string }>(
    `/platform-a/vehicles/${idSegment(vehicleId, `El vehículo ${vehicleId} no existe.`)}/review`,
    { body: { verdict: opts.verdict, card: opts.card } },
  );
  print(opts, body, reviewLine(body));
}

async function answer(name: 'accept' | 'decline', verb: string, driverId: string, opts: OutputOptions): Promise<void> {
  const body = await callTestbed<{ driverId: string; status: string }>(`/platform-a/drivers/${idSegment(driverId, `El conductor ${driverId} no existe.`)}/${name}`, { method: 'POST' });
  print(opts, body, answerLine(body, verb));
}

export const accept = (driverId: string, opts: OutputOptions) => answer('accept', 'acepta', driverId, opts);
export const decline = (driverId: string, opts: OutputOptions) => answer('decline', 'rechaza', driverId, opts);
