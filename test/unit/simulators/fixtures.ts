import supertest from 'supertest';
import { SimClock } from '../../../server/lib/clock.ts';
import { createSimulatorsApp } from '../../../simulators/app.ts';
import { openSimulatorsDb } from '../../../simulators/db.ts';

export const START = '2026-03-02T15:00:00.000Z';
export const START_MS = Date.parse(START);
export const HOUR = 3_600_000;

/** A fresh simulators app on an in-memory db, with a frozen clock the test moves by hand. */
/** `vaultFile`: where the fleets' snapshots are kept, as a process started by serve keeps them. */
export function makeSimulators(seed = 42, vaultFile?: string) {
  const clock = SimClock.frozenAt(START);
  const db = openSimulatorsDb(':memory:');
  const app = createSimulatorsApp({ db, clock, seed, vaultFile });
  return { clock, db, app, request: supertest(app) };
}

let counter = 0;
/** Each test makes its own data: distinct external ids, plates, VINs and phones. */
export const unique = (prefix: string) => `${prefix}-${++counter}`;
const digits = (n: number, width: number) => String(n).padStart(width, '0');

export function paVehicleBody(overrides: Record<string, unknown> = {}) {
  const n = ++counter;
  return {
    external_id: `veh-${n}`, fleet_id: 'fleet-1', plate: `ABC${digits(n, 4)}`, vin: null, brand: 'Nissan',
    model: 'Versa', year: 2021, color: 'Blanco', city: 'Puebla', ...overrides,
  };
}

/** A whatsapp that never ends in a magic suffix (0001..0004) unless the test asks for one. */
export function whatsapp(suffix?: string): string {
  const n = ++counter;
  return suffix ? `55${digits(n, 4)}${suffix}` : `55${digits(n, 4)}7${digits(n % 1000, 3)}`;
}

export function paDriverBody(overrides: Record<string, unknown> = {}) {
  return { external_id: unique('drv'), fleet_id: 'fleet-1', name: 'Ana López', whatsapp: whatsapp(), ...overrides };
}

export function pbVehicleBody(overrides: Record<string, unknown> = {}) {
  const n = ++counter;
  return {
    externalId: `veh-${n}`, fleetId: 'fleet-1', licensePlate: `XYZ${digits(n, 4)}`, vin: `3N1CN7AD5KL${digits(n, 6)}`,
    make: 'Nissan', model: 'Versa', year: 2021, color: 'Blanco', ...overrides,
  };
}

/** The smallest bytes that start like a JPEG: the simulators measure and hash cards, never decode them. */
export const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
