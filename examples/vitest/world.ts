import { inject } from 'vitest';
import { connectTestbed, type World, type WorldOptions } from 'fleet-testbed/testing';
import type { NewDriver, NewVehicle } from './onboarding.ts';

/**
 * A new world (tenant, key, clock) on the run's testbed: one per test, so tests run side by side; or,
 * populated by a fixture, one per file, restored before each of its tests (populated-world.test.ts).
 */
export async function newWorld(options?: WorldOptions): Promise<World> {
  const testbed = await connectTestbed(inject('testbedUrl'), inject('controlToken') || undefined);
  return testbed.createWorld(options);
}

/**
 * A vehicle and a driver for the world. Plates, VINs and WhatsApp numbers are unique across the whole
 * API: `world.unique` draws values no other world of the testbed uses, so tests run side by side
 * never claim the same one.
 */
export async function fleetData(world: World, n: number): Promise<{ vehicle: NewVehicle; driver: NewDriver }> {
  const [plate, vin, whatsapp] = await Promise.all([world.unique.plate(), world.unique.vin(), world.unique.whatsapp()]);
  return {
    vehicle: { plate, vin, brand: 'Nissan', model: 'Versa', year: 2023, color: 'blanco', city: 'Guadalajara' },
    driver: { name: `Conductora ${n}`, whatsapp, city: 'Guadalajara' },
  };
}

/** A 1×1 PNG: the card's bytes are not reviewed, only its type. */
export const CARD = new Blob(
  [Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')],
  { type: 'image/png' },
);
